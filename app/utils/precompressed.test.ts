import { describe, expect, it } from "vitest";
import { chooseAssetEncoding, precompressedName, type AssetEncoding } from "./precompressed";

const both = new Set<AssetEncoding>(["br", "gzip"]);

describe("chooseAssetEncoding", () => {
  it("sends brotli to a browser that accepts it, whatever order it lists encodings in", () => {
    expect(chooseAssetEncoding("gzip, deflate, br, zstd", both)).toBe("br");
    expect(chooseAssetEncoding("br;q=1.0, gzip;q=0.8", both)).toBe("br");
  });

  it("sends gzip when brotli is not accepted, refused or ranked lower", () => {
    expect(chooseAssetEncoding("gzip, deflate", both)).toBe("gzip");
    expect(chooseAssetEncoding("gzip, br;q=0", both)).toBe("gzip");
    expect(chooseAssetEncoding("gzip;q=1, br;q=0.5", both)).toBe("gzip");
    expect(chooseAssetEncoding("GZIP", both)).toBe("gzip");
  });

  it("sends nothing precompressed without a header, for identity only, or when everything is refused", () => {
    expect(chooseAssetEncoding(undefined, both)).toBeUndefined();
    expect(chooseAssetEncoding("", both)).toBeUndefined();
    expect(chooseAssetEncoding("identity", both)).toBeUndefined();
    expect(chooseAssetEncoding("*;q=0", both)).toBeUndefined();
    expect(chooseAssetEncoding("br;q=0, gzip;q=0", both)).toBeUndefined();
  });

  it("reads * as every encoding not named", () => {
    expect(chooseAssetEncoding("*", both)).toBe("br");
    expect(chooseAssetEncoding("br;q=0, *", both)).toBe("gzip");
  });

  it("only offers the copies that exist", () => {
    expect(chooseAssetEncoding("br, gzip", new Set(["gzip"]))).toBe("gzip");
    expect(chooseAssetEncoding("br", new Set(["gzip"]))).toBeUndefined();
    expect(chooseAssetEncoding("br, gzip", new Set())).toBeUndefined();
  });
});

describe("precompressedName", () => {
  it("adds .br or .gz", () => {
    expect(precompressedName("shell-abc.js", "br")).toBe("shell-abc.js.br");
    expect(precompressedName("tailwind-abc.css", "gzip")).toBe("tailwind-abc.css.gz");
  });
});
