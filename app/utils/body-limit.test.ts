import { describe, expect, it } from "vitest";
import { bodyLimitFor, checkBodySize, DEFAULT_BODY_LIMIT_BYTES, drainLimitFor, PAGE_UPLOAD_BODY_LIMIT_BYTES, UPLOAD_FORM_EXTRA_BYTES } from "./body-limit";

const limit = { bytes: 1024 * 1024, message: "The request body is too large: at most 1 MB is accepted." };

describe("checkBodySize", () => {
  it("accepts bodiless requests and bodies within the limit", () => {
    expect(checkBodySize({ contentLength: undefined, transferEncoding: undefined, limit })).toEqual({ ok: true });
    expect(checkBodySize({ contentLength: "0", transferEncoding: undefined, limit })).toEqual({ ok: true });
    expect(checkBodySize({ contentLength: String(limit.bytes), transferEncoding: undefined, limit })).toEqual({ ok: true });
  });
  it("answers 413 from the Content-Length alone, before any byte is read", () => {
    const check = checkBodySize({ contentLength: String(300 * 1024 * 1024), transferEncoding: undefined, limit });
    expect(check).toEqual({ ok: false, status: 413, message: limit.message });
  });
  it("refuses a body of unknown length (chunked) with 411", () => {
    expect(checkBodySize({ contentLength: undefined, transferEncoding: "chunked", limit })).toMatchObject({ ok: false, status: 411 });
  });
});

describe("bodyLimitFor", () => {
  const uploadMaxBytes = 5 * 1024 * 1024;
  const multipart = "multipart/form-data; boundary=x";
  const pictureMessage = "This picture is too large: at most 5 MB is accepted.";
  it("gives POST /api/uploads UPLOAD_MAX_BYTES plus room for the other fields, its 413 saying the picture's limit as the hint does (5 MB, not 5.3)", () => {
    expect(bodyLimitFor({ path: "/api/uploads", contentType: multipart, uploadMaxBytes })).toEqual({ bytes: uploadMaxBytes + UPLOAD_FORM_EXTRA_BYTES, message: pictureMessage });
  });
  it("lets the page forms that carry a picture, with JavaScript (.data) or without, send a picture over the limit for the app to refuse beside the field", () => {
    for (const path of ["/profile", "/profile.data", "/discussions/new", "/discussions/new.data", "/post/12", "/post/12.data"]) {
      expect(bodyLimitFor({ path, contentType: multipart, uploadMaxBytes }), path).toEqual({ bytes: PAGE_UPLOAD_BODY_LIMIT_BYTES, message: pictureMessage });
    }
  });
  it("keeps the 1 MB limit for everything else, and for those paths without multipart", () => {
    const defaultLimit = { bytes: DEFAULT_BODY_LIMIT_BYTES, message: "The request body is too large: at most 1 MB is accepted." };
    expect(bodyLimitFor({ path: "/api/posts", contentType: multipart, uploadMaxBytes })).toEqual(defaultLimit);
    expect(bodyLimitFor({ path: "/profile", contentType: "application/x-www-form-urlencoded", uploadMaxBytes })).toEqual(defaultLimit);
    expect(bodyLimitFor({ path: "/api/uploads", contentType: "application/json", uploadMaxBytes })).toEqual(defaultLimit);
    expect(bodyLimitFor({ path: "/post/12/edit.data", contentType: multipart, uploadMaxBytes })).toEqual(defaultLimit);
  });
  it("reads a refused body up to 64 MB (more when pictures may be larger) before answering", () => {
    expect(drainLimitFor(uploadMaxBytes)).toBe(64 * 1024 * 1024);
    expect(drainLimitFor(100 * 1024 * 1024)).toBe(100 * 1024 * 1024 + UPLOAD_FORM_EXTRA_BYTES);
  });
});
