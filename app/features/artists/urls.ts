/** The artists feature's URLs, built in one place. */
import type { ListenPlatform } from "./schemas";

export const artistUrls = {
  list: "/music-artists",
  /** The artist's own page (public: visitors see the read-only panel); its action takes ratings, comments and moderation. */
  detail: (id: number) => `/music-artists/${id}`,
  listen: (id: number, platform: ListenPlatform) => `/music-artists/${id}/listen/${platform}`,
  card: (id: number) => `artist-${id}`,
} as const;

/** A same-site path to return to after a form post (anything else falls back). */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== "string") return fallback;
  const path = value.trim();
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}

/** A redirect back to the same page after a panel post replaces the history entry (with JavaScript), so Back leaves the page. */
export function replacingHistory(response: Response): Response {
  response.headers.set("X-Remix-Replace", "true");
  return response;
}
