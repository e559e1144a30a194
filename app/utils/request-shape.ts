/**
 * Requests no route can answer, refused by server.ts before anything else runs (a 4xx with a
 * message instead of the 500 they caused further down): a request target that is not a path
 * (`OPTIONS *`, the absolute form `GET http://host/path`), a missing or malformed Host, broken
 * percent-encoding in the path, and methods the site does not use: pages take GET, HEAD and POST
 * (HTML forms), /api also PUT, PATCH and DELETE; TRACE, OPTIONS and the rest are refused
 * everywhere. See docs/operations.md, "What the server refuses".
 */
export type RequestShapeCheck = { ok: true } | { ok: false; status: 400 | 405; message: string; allow?: string };

const PAGE_METHODS = ["GET", "HEAD", "POST"];
const API_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

/** A DNS name or IPv4 address (letters, digits, `-`, `_`, dots) or a bracketed IPv6 address, then an optional port. */
const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_.-]{0,252}[a-z0-9_])?\.?)(?::(\d{1,5}))?$/i;

export function checkRequestShape(request: {
  method: string;
  /** The request target as sent (Express's `originalUrl`). */
  target: string;
  /** The host the site is addressed as (Host, or X-Forwarded-Host behind a trusted proxy). */
  host: string | undefined;
  /** `http` or `https` (X-Forwarded-Proto behind a trusted proxy). */
  protocol: string;
}): RequestShapeCheck {
  if (!request.target.startsWith("/")) return refuse("The request target must be a path on this site, such as /discussions.");
  const port = request.host ? HOST.exec(request.host)?.[1] : undefined;
  if (!request.host || !HOST.test(request.host) || (port !== undefined && Number(port) > 65_535)) return refuse("The Host header is missing or malformed.");
  if (request.protocol !== "http" && request.protocol !== "https") return refuse("The forwarded protocol must be http or https.");
  const path = request.target.split("?")[0];
  try {
    decodeURIComponent(path);
    new URL(`${request.protocol}://${request.host}${request.target}`);
  } catch {
    return refuse("The address is malformed (check its percent-encoding).");
  }
  const allowed = path === "/api" || path.startsWith("/api/") ? API_METHODS : PAGE_METHODS;
  if (!allowed.includes(request.method.toUpperCase())) {
    return { ok: false, status: 405, message: `Method not allowed. Use ${allowed.join(", ")}.`, allow: allowed.join(", ") };
  }
  return { ok: true };
}

function refuse(message: string): RequestShapeCheck {
  return { ok: false, status: 400, message };
}

/** What Node's HTTP parser refuses before any route runs, by its error code (other codes: 400). */
const CLIENT_ERRORS: Record<string, { status: string; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: "431 Request Header Fields Too Large", message: "The request's headers are too large (often too many or too big cookies): clear this site's cookies and try again." },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: "413 Payload Too Large", message: "The request's chunk extensions are too large." },
  ERR_HTTP_REQUEST_TIMEOUT: { status: "408 Request Timeout", message: "The request took too long to arrive." },
};

/**
 * The raw answer server.ts writes for a request Node's parser refused (its `clientError` event):
 * a status line, a short plain-text body and `Connection: close`, instead of Node's empty answer
 * and reset connection (docs/operations.md, "What the server refuses").
 */
export function clientErrorAnswer(code: string | undefined): string {
  const { status, message } = CLIENT_ERRORS[code ?? ""] ?? { status: "400 Bad Request", message: "The request is malformed." };
  const body = `${message}\n`;
  return `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}
