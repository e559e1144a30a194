/** The artists feature's URLs, built in one place. */
import type { ListenPlatform } from "./constants";

export const artistUrls = {
  list: "/music-artists",
  /** The artist's own page (public: visitors see the read-only panel); its action takes ratings, comments and moderation. */
  detail: (id: number) => `/music-artists/${id}`,
  listen: (id: number, platform: ListenPlatform) => `/music-artists/${id}/listen/${platform}`,
  card: (id: number) => `artist-${id}`,
} as const;
