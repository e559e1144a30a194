import { describe, expect, it } from "vitest";
import { isHttpUrl, safeRedirectPath } from "./url";
import { optionalHttpUrl } from "./url-schema";

describe("safeRedirectPath", () => {
  it("keeps same-site paths and refuses anything else", () => {
    expect(safeRedirectPath("/music-artists?q=a", "/x")).toBe("/music-artists?q=a");
    expect(safeRedirectPath("/", "/x")).toBe("/");
    for (const value of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", null, 42]) {
      expect(safeRedirectPath(value, "/x")).toBe("/x");
    }
  });
});

describe("isHttpUrl and optionalHttpUrl", () => {
  it("accepts only absolute http(s) URLs with a host", () => {
    expect(isHttpUrl("https://example.com/a?b=c")).toBe(true);
    expect(isHttpUrl("http://localhost:3000")).toBe(true);
    for (const value of ["ftp://files.example", "javascript:alert(1)", "example.com", "/relative", "https://", ""]) expect(isHttpUrl(value)).toBe(false);
  });

  it("reads empty as not given and names the field in its message", () => {
    const field = optionalHttpUrl("Spotify URL");
    expect(field.parse("")).toBeUndefined();
    expect(field.parse(null)).toBeUndefined();
    expect(field.parse(" https://open.spotify.com/x ")).toBe("https://open.spotify.com/x");
    expect(field.safeParse("ftp://x").error?.issues[0].message).toBe("Spotify URL must be a valid http:// or https:// address");
  });
});
