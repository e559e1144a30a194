/**
 * Artist constants the browser needs too, kept apart from schemas.ts so that importing them
 * does not pull zod into a page's client bundle (the dashboard and /music-artists rating panel).
 */
export const COMMENT_MAX_LENGTH = 1000;
export const listenPlatforms = ["spotify", "youtube", "apple"] as const;
export type ListenPlatform = (typeof listenPlatforms)[number];
