import { describe, expect, it } from "vitest";
import { bodyLimitFor, checkBodySize, DEFAULT_BODY_LIMIT_BYTES, UPLOAD_FORM_EXTRA_BYTES } from "./body-limit";

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

describe("bodyLimitFor", () => {
  const uploadMaxBytes = 5 * 1024 * 1024;
  const multipart = "multipart/form-data; boundary=x";
  it("gives forms that carry a picture UPLOAD_MAX_BYTES plus room for their other fields", () => {
    for (const path of ["/api/uploads", "/profile", "/discussions/new", "/post/12"]) {
      expect(bodyLimitFor({ path, contentType: multipart, uploadMaxBytes })).toBe(uploadMaxBytes + UPLOAD_FORM_EXTRA_BYTES);
    }
  });
  it("keeps the 1 MB limit for everything else, and for those paths without multipart", () => {
    expect(bodyLimitFor({ path: "/api/posts", contentType: multipart, uploadMaxBytes })).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor({ path: "/profile", contentType: "application/x-www-form-urlencoded", uploadMaxBytes })).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor({ path: "/api/uploads", contentType: "application/json", uploadMaxBytes })).toBe(DEFAULT_BODY_LIMIT_BYTES);
  });
});
