/**
 * An avatar URL (`/uploads/<hash>-256.webp`, docs/uploads.md) and its 64 px sibling. Kept apart
 * from upload-urls.ts so the app shell's `<Avatar>` ships only these few bytes.
 */
const AVATAR_URL = /^\/uploads\/[0-9a-f]{32}-256\.webp$/;

/** An avatar URL's `src` (256 px) and `srcSet` (64 and 256 px), or null for another URL. */
export function avatarSources(url: string | null | undefined): { src: string; srcSet: string } | null {
  if (!url || !AVATAR_URL.test(url)) return null;
  return { src: url, srcSet: `${url.replace(/256\.webp$/, "64.webp")} 64w, ${url} 256w` };
}
