/**
 * Request bodies are size-limited before they are read (docs/operations.md, "Limits"): a body
 * larger than the limit is answered 413 from its Content-Length alone, and a body without a
 * Content-Length (chunked) is refused with 411, so no request can make a worker buffer an
 * unbounded body. Browsers always send a Content-Length with forms and fetch bodies.
 *
 * A refused body is still read and thrown away, up to `drainLimitFor` bytes, before the answer
 * goes and the connection closes (server.ts): a client still sending when the connection closes
 * gets a reset (EPIPE, ECONNRESET) instead of the 413.
 */
import { formatBytes, pictureTooLargeMessage } from "./upload-limit";

export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/** Room for a form's other fields (text, alt text, intent) beside an uploaded picture. */
export const UPLOAD_FORM_EXTRA_BYTES = 256 * 1024;

/**
 * What a page form that carries a picture may send, and what a refused body is read for before
 * the connection closes: a picture over UPLOAD_MAX_BYTES sent to a page (without JavaScript) is
 * read and thrown away by the app, which answers the page with the form and the message
 * (app/utils/multipart.server.ts); a body larger than this is refused by server.ts.
 */
export const PAGE_UPLOAD_BODY_LIMIT_BYTES = 64 * 1024 * 1024;

/** The JSON endpoint that takes a picture: POST /api/uploads. */
const API_UPLOAD_PATH = /^\/api\/uploads\/?$/;
/** Page forms that carry a picture (the avatar, post and reply forms), as the browser sends them: `/path`, or `/path.data` with JavaScript. */
const PAGE_UPLOAD_PATHS = [/^\/profile(\.data)?\/?$/, /^\/discussions(\/new)?(\.data)?\/?$/, /^\/post\/[^/.]+(\.data)?\/?$/];

export type BodyLimit = { bytes: number; message: string };

/**
 * The body limit of one request and the message of its 413: POST /api/uploads takes
 * UPLOAD_MAX_BYTES plus room for the other fields; the page forms that carry a picture take up
 * to PAGE_UPLOAD_BODY_LIMIT_BYTES (the app refuses the picture itself with the form); everything
 * else DEFAULT_BODY_LIMIT_BYTES. Where a picture travels, the message is the picture's (its limit, as the field's hint says it).
 */
export function bodyLimitFor(request: { path: string; contentType: string | undefined; uploadMaxBytes: number }): BodyLimit {
  const isMultipart = /^\s*multipart\/form-data/i.test(request.contentType ?? "");
  const uploadBytes = Math.max(DEFAULT_BODY_LIMIT_BYTES, request.uploadMaxBytes + UPLOAD_FORM_EXTRA_BYTES);
  if (isMultipart && API_UPLOAD_PATH.test(request.path)) return { bytes: uploadBytes, message: pictureTooLargeMessage(request.uploadMaxBytes) };
  if (isMultipart && PAGE_UPLOAD_PATHS.some((pattern) => pattern.test(request.path))) {
    return { bytes: drainLimitFor(request.uploadMaxBytes), message: pictureTooLargeMessage(request.uploadMaxBytes) };
  }
  return { bytes: DEFAULT_BODY_LIMIT_BYTES, message: `The request body is too large: at most ${formatBytes(DEFAULT_BODY_LIMIT_BYTES)} is accepted.` };
}

/** How much of a refused body is read (and thrown away) before the answer; larger bodies are answered at once and cut off. */
export function drainLimitFor(uploadMaxBytes: number): number {
  return Math.max(PAGE_UPLOAD_BODY_LIMIT_BYTES, uploadMaxBytes + UPLOAD_FORM_EXTRA_BYTES);
}

export type BodySizeCheck = { ok: true } | { ok: false; status: 411 | 413; message: string };

export function checkBodySize(request: { contentLength: string | undefined; transferEncoding: string | undefined; limit: BodyLimit }): BodySizeCheck {
  const { contentLength, transferEncoding, limit } = request;
  if (contentLength === undefined) {
    if (transferEncoding === undefined) return { ok: true };
    return { ok: false, status: 411, message: "Send the request body with a Content-Length header." };
  }
  const length = Number(contentLength);
  // Node's HTTP parser already refuses a malformed Content-Length; be strict anyway.
  if (!/^\d+$/.test(contentLength.trim()) || !Number.isSafeInteger(length)) {
    return { ok: false, status: 411, message: "Send the request body with a valid Content-Length header." };
  }
  if (length > limit.bytes) return { ok: false, status: 413, message: limit.message };
  return { ok: true };
}
