/**
 * URL helpers shared by the features: the one http(s) check (artist and resource links, meeting
 * Zoom links, platform settings) and same-site redirect paths. No zod here, so components can
 * import it without pulling zod into the page's client bundle; the zod field is in url-schema.ts.
 */
/**
 * Whitespace and control characters. The URL parser silently drops tabs and newlines (and a
 * stored link is later written into a Location header, where CR/LF is refused), so a value with
 * any of these is never a link we keep or follow (docs/operations.md, "What the server refuses").
 */
const WHITESPACE_OR_CONTROL = /[\s\p{Cc}\p{Cf}]/u;

/** Whether a text is an absolute http: or https: URL with a host, with no whitespace or control characters. */
export function isHttpUrl(value: string): boolean {
  if (WHITESPACE_OR_CONTROL.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** Only used to resolve a path: any origin of our own would do. */
const SITE_ORIGIN = "http://quads.invalid";

/**
 * A same-site path to return to after a form post; anything else falls back. Only printable ASCII
 * (a browser sends its own paths percent-encoded): tabs, CR/LF, backslashes and fullwidth or other
 * characters that a URL parser drops or normalises could otherwise turn `/\t/evil.test` into
 * `//evil.test`. What is left must resolve, against the site's origin, to that same origin.
 */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== "string") return fallback;
  const path = value.trim();
  if (!/^\/[\x21-\x7e]*$/.test(path) || path.startsWith("//") || path.includes("\\")) return fallback;
  try {
    const url = new URL(path, SITE_ORIGIN);
    if (url.origin !== SITE_ORIGIN) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** A redirect back to the same page after a post replaces the history entry (with JavaScript), so Back leaves the page. */
export function replacingHistory(response: Response): Response {
  response.headers.set("X-Remix-Replace", "true");
  return response;
}
