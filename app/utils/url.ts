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
/** Longer than any path of ours with its query; a longer value is not one of our pages. */
const MAX_REDIRECT_LENGTH = 2048;
/** A percent-encoded control character (%00–%1F, %7F): refused like the character itself. */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;

/**
 * The one check of a redirect target taken from a request (`redirectTo`, `returnTo`, a form's own
 * URL): a same-site path and query, or `fallback` (docs/operations.md, "What the server refuses").
 * Only printable ASCII is accepted (a browser sends its own paths percent-encoded): whitespace,
 * control characters (also percent-encoded ones), backslashes and fullwidth or other characters
 * that a URL parser drops or normalises could otherwise turn `/\t/evil.test` into `//evil.test`.
 * What is left is resolved against the site's origin and must stay on it; only the resolved path
 * and query are answered (never a fragment, never a path that resolved to `//host`).
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > MAX_REDIRECT_LENGTH) return fallback;
  if (!/^\/[\x21-\x7e]*$/.test(value) || value.startsWith("//") || value.includes("\\") || ENCODED_CONTROL.test(value)) return fallback;
  try {
    const url = new URL(value, SITE_ORIGIN);
    if (url.origin !== SITE_ORIGIN || url.pathname.startsWith("//")) return fallback;
    return `${url.pathname}${url.search}`;
  } catch {
    return fallback;
  }
}

/** A redirect back to the same page after a post replaces the history entry (with JavaScript), so Back leaves the page. */
export function replacingHistory(response: Response): Response {
  response.headers.set("X-Remix-Replace", "true");
  return response;
}
