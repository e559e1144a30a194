/**
 * Request bodies are size-limited before they are read (docs/operations.md, "Limits"): a body
 * larger than the limit is answered 413 from its Content-Length alone, and a body without a
 * Content-Length (chunked) is refused with 411, so no request can make a worker buffer an
 * unbounded body. Browsers always send a Content-Length with forms and fetch bodies.
 */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/** Room for a form's other fields (text, alt text, intent) beside an uploaded picture. */
export const UPLOAD_FORM_EXTRA_BYTES = 256 * 1024;

/** Forms that carry a picture (docs/uploads.md): POST /api/uploads and the avatar, post and reply forms. */
const UPLOAD_PATHS = [/^\/api\/uploads\/?$/, /^\/profile\/?$/, /^\/discussions(\/new)?\/?$/, /^\/post\/[^/]+\/?$/];

/**
 * The body limit of one request: UPLOAD_MAX_BYTES (plus room for the other fields) for a
 * multipart body sent to a form that takes a picture, DEFAULT_BODY_LIMIT_BYTES for everything else.
 */
export function bodyLimitFor(request: { path: string; contentType: string | undefined; uploadMaxBytes: number }): number {
  const isMultipart = /^\s*multipart\/form-data/i.test(request.contentType ?? "");
  if (isMultipart && UPLOAD_PATHS.some((pattern) => pattern.test(request.path))) {
    return Math.max(DEFAULT_BODY_LIMIT_BYTES, request.uploadMaxBytes + UPLOAD_FORM_EXTRA_BYTES);
  }
  return DEFAULT_BODY_LIMIT_BYTES;
}

export type BodySizeCheck = { ok: true } | { ok: false; status: 411 | 413; message: string };

export function checkBodySize(request: {
  contentLength: string | undefined;
  transferEncoding: string | undefined;
  limitBytes: number;
}): BodySizeCheck {
  const { contentLength, transferEncoding, limitBytes } = request;
  if (contentLength === undefined) {
    if (transferEncoding === undefined) return { ok: true };
    return { ok: false, status: 411, message: "Send the request body with a Content-Length header." };
  }
  const length = Number(contentLength);
  // Node's HTTP parser already refuses a malformed Content-Length; be strict anyway.
  if (!/^\d+$/.test(contentLength.trim()) || !Number.isSafeInteger(length)) {
    return { ok: false, status: 411, message: "Send the request body with a valid Content-Length header." };
  }
  if (length > limitBytes) {
    return { ok: false, status: 413, message: `The request body is too large: at most ${formatBytes(limitBytes)} is accepted.` };
  }
  return { ok: true };
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
