/**
 * URL helpers shared by the features: the one http(s) check (artist and resource links, meeting
 * Zoom links, platform settings) and same-site redirect paths. No zod here, so components can
 * import it without pulling zod into the page's client bundle; the zod field is in url-schema.ts.
 */
/** Whether a text is an absolute http: or https: URL with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** A same-site path to return to after a form post (anything else falls back). */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== "string") return fallback;
  const path = value.trim();
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}

/** A redirect back to the same page after a post replaces the history entry (with JavaScript), so Back leaves the page. */
export function replacingHistory(response: Response): Response {
  response.headers.set("X-Remix-Replace", "true");
  return response;
}
