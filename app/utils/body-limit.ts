/**
 * Request bodies are size-limited before they are read (docs/operations.md, "Limits"): a body
 * larger than the limit is answered 413 from its Content-Length alone, and a body without a
 * Content-Length (chunked) is refused with 411, so no request can make a worker buffer an
 * unbounded body. Browsers always send a Content-Length with forms and fetch bodies.
 */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

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
