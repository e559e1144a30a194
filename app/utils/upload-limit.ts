/**
 * How the picture size limit (`UPLOAD_MAX_BYTES`, docs/uploads.md) reads, in one place: the file
 * fields' hint, the browser's check as a file is picked, the server's 413s and the docs all say
 * it through `formatBytes`, so none can say "5.3 MB" where another says "5 MB". The forms get the
 * words from the root loader (`pictureLimits`), so the browser ships none of this but the constants.
 */

/** How many of this Quads' pictures a post's or reply's text may show. */
export const MAX_IMAGES_PER_TEXT = 4;

/** The file types a picture field accepts (read from the bytes on the server: docs/uploads.md). */
export const PICTURE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif";

/** A size as members read it: "5 MB", "1.5 MB", "256 KB", "900 bytes" (1 MB = 1024 × 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The hint under a picture field: "JPEG, PNG, WebP or GIF, up to 5 MB". */
export function pictureHint(maxBytes: number): string {
  return `JPEG, PNG, WebP or GIF, up to ${formatBytes(maxBytes)}`;
}

/** The one message for a picture over the limit (the browser's check, the forms, POST /api/uploads, server.ts). */
export function pictureTooLargeMessage(maxBytes: number): string {
  return `This picture is too large: at most ${formatBytes(maxBytes)} is accepted.`;
}

/** What a picture field needs to know and say (the root loader hands it to every page). */
export type PictureLimits = { maxBytes: number; accept: string; hint: string; tooLargeMessage: string };

export function pictureLimits(maxBytes: number): PictureLimits {
  return { maxBytes, accept: PICTURE_ACCEPT, hint: pictureHint(maxBytes), tooLargeMessage: pictureTooLargeMessage(maxBytes) };
}
