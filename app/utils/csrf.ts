/**
 * CSRF defence for every non-GET request, pages and /api alike. Browsers say where a request
 * comes from (Sec-Fetch-Site, Origin): a cross-site write is refused. /api writes also refuse
 * the content types an HTML form can send cross-site, so they need JSON (or no body at all,
 * as the bodiless like/unlike/logout/delete calls send). See docs/decisions/0005-csrf.md.
 */
export type CrossSiteCheck = { ok: true } | { ok: false; status: 403 | 415; message: string };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const UPLOAD_ENDPOINT = /^\/api\/uploads\/?$/;
const FORM_CONTENT_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)/i;

export function checkCrossSiteRequest(request: {
  method: string;
  path: string;
  /** The host the site is served on (Host, or X-Forwarded-Host behind a trusted proxy). */
  host: string | undefined;
  /** The site's scheme ("http" or "https"; X-Forwarded-Proto behind a trusted proxy). */
  protocol: string;
  origin: string | undefined;
  fetchSite: string | undefined;
  contentType: string | undefined;
}): CrossSiteCheck {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return { ok: true };
  const refused = { ok: false, status: 403, message: "Cross-site request refused." } as const;
  if (request.fetchSite && request.fetchSite !== "same-origin" && request.fetchSite !== "none") return refused;
  if (request.origin) {
    let origin: URL | undefined;
    try {
      origin = request.origin === "null" ? undefined : new URL(request.origin);
    } catch {
      origin = undefined;
    }
    // Same origin means the same scheme and host: https://host is another site than http://host.
    if (!origin || origin.host !== request.host || origin.protocol !== `${request.protocol}:`) return refused;
  }
  // POST /api/uploads takes a picture as multipart, which a cross-site form could also send: it
  // needs the browser to say the request is same-origin (docs/decisions/0005-csrf-defence.md).
  if (UPLOAD_ENDPOINT.test(request.path) && /^\s*multipart\/form-data/i.test(request.contentType ?? "")) {
    const isSameOrigin = request.fetchSite === "same-origin" || Boolean(request.origin && request.origin !== "null");
    if (isSameOrigin) return { ok: true };
    return refused;
  }
  if (request.path.startsWith("/api/") && FORM_CONTENT_TYPE.test(request.contentType ?? "")) {
    return { ok: false, status: 415, message: "Send JSON (Content-Type: application/json) to this endpoint." };
  }
  return { ok: true };
}
