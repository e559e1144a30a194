/**
 * The social platforms' icon shapes. Only the server reads this table: the root loader sends each
 * active link with its shape (app/features/settings/settings.server.ts), so the path data is not
 * part of every page's JavaScript (docs/decisions/0078-shell-code-after-hydration.md).
 */
/** One path on a 24×24 grid; outline shapes are stroked instead of filled. */
export type SocialIconShape = { d: string; isOutline?: boolean };

// Hand-drawn on a 24×24 grid, one path each; outline shapes are stroked instead of filled.
const ICONS: Record<string, SocialIconShape> = {
  youtube: {
    d: "M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12 31 31 0 0 0 1 16.8a3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8ZM9.75 15.3V8.7L15.5 12Z",
  },
  facebook: { d: "M14 8h3V4h-3a5 5 0 0 0-5 5v2H7v4h2v9h4v-9h3l1-4h-4V9a1 1 0 0 1 1-1Z" },
  twitter: { d: "M18.2 2.25h3.3l-7.2 8.26 8.5 11.24h-6.6l-5.2-6.8-5.9 6.8H1.8l7.7-8.84L1.25 2.25h6.8l4.7 6.23Zm-1.2 17.52h1.8L7.1 4.13H5.1Z" },
  instagram: {
    d: "M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5Zm0 2a3 3 0 0 0-3 3v10a3 3 0 0 0 3 3h10a3 3 0 0 0 3-3V7a3 3 0 0 0-3-3Zm5 3.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9Zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Zm5.25-3.75a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z",
  },
  tiktok: { d: "M16.6 2h-3.4v13.3a2.9 2.9 0 1 1-2.9-2.9c.3 0 .6 0 .9.1V9a6.3 6.3 0 1 0 5.4 6.3V8.6A8 8 0 0 0 21 10V6.6A4.4 4.4 0 0 1 16.6 2Z" },
  patreon: { d: "M15 2.5a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13ZM2.5 2.5H6v19H2.5Z" },
  threads: { d: "M16 8v5a3 3 0 0 0 6 0v-1a10 10 0 1 0-3.9 7.9M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z", isOutline: true },
};

// A globe, for any platform without its own icon.
const FALLBACK_ICON: SocialIconShape = {
  d: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20ZM2 12h20M12 2c2.5 2.7 4 6.2 4 10s-1.5 7.3-4 10c-2.5-2.7-4-6.2-4-10s1.5-7.3 4-10Z",
  isOutline: true,
};

/** The icon shape of a platform (a globe for one without its own icon). */
export function socialIconShape(platform: string): SocialIconShape {
  return Object.hasOwn(ICONS, platform) ? ICONS[platform] : FALLBACK_ICON;
}
