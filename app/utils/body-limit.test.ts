import { describe, expect, it } from "vitest";
import { checkBodySize } from "./body-limit";

const limitBytes = 1024 * 1024;

describe("checkBodySize", () => {
  it("accepts bodiless requests and bodies within the limit", () => {
    expect(checkBodySize({ contentLength: undefined, transferEncoding: undefined, limitBytes })).toEqual({ ok: true });
    expect(checkBodySize({ contentLength: "0", transferEncoding: undefined, limitBytes })).toEqual({ ok: true });
    expect(checkBodySize({ contentLength: String(limitBytes), transferEncoding: undefined, limitBytes })).toEqual({ ok: true });
  });
  it("answers 413 from the Content-Length alone, before any byte is read", () => {
    const check = checkBodySize({ contentLength: String(300 * 1024 * 1024), transferEncoding: undefined, limitBytes });
    expect(check).toMatchObject({ ok: false, status: 413 });
    expect(check.ok || check.message).toMatch(/at most 1 MB/);
  });
  it("refuses a body of unknown length (chunked) with 411", () => {
    expect(checkBodySize({ contentLength: undefined, transferEncoding: "chunked", limitBytes })).toMatchObject({ ok: false, status: 411 });
  });
});
