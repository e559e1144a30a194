/** The resources feature's URLs, built in one place. */
export const resourceUrls = {
  list: "/resources",
  /** The submit form as its own page (used without JavaScript; with it, the same form opens in a dialog). */
  submit: "/resources/new",
  rate: (id: number) => `/resources/${id}/rate`,
  card: (id: number) => `resource-${id}`,
} as const;

/** A same-site path to return to after a form post (anything else falls back). */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== "string") return fallback;
  const path = value.trim();
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}

/** A redirect back to the same page after a rating replaces the history entry (with JavaScript), so Back leaves the page. */
export function replacingHistory(response: Response): Response {
  response.headers.set("X-Remix-Replace", "true");
  return response;
}
