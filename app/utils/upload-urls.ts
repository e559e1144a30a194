/**
 * Names and URLs of stored pictures (docs/uploads.md), shared by the server and the Markdown
 * renderer. Every file is WebP and named by the content hash of the upload's main file:
 *
 * - `<hash>-<width>x<height>.webp`: the main file, at most 1600 px on the long side;
 * - `<hash>-800w.webp`: 800 px wide, only when the main file is wider (for `srcset`);
 * - `<hash>-256.webp`, `<hash>-64.webp`: an avatar's square sizes.
 *
 * The main file's name carries its size, so markup can say `width`/`height` without a query.
 */
export const UPLOADS_PATH = "/uploads";
export const SMALL_IMAGE_WIDTH = 800;
export const AVATAR_SIZES = [256, 64] as const;

const FILE_NAME = /^[0-9a-f]{32}-(?:\d{1,4}x\d{1,4}|800w|256|64)\.webp$/;
const MAIN_URL = /^\/uploads\/([0-9a-f]{32})-(\d{1,4})x(\d{1,4})\.webp$/;

export function isUploadFileName(name: string): boolean {
  return FILE_NAME.test(name);
}

export function uploadFileUrl(name: string): string {
  return `${UPLOADS_PATH}/${name}`;
}

export const mainFileName = (hash: string, width: number, height: number) => `${hash}-${width}x${height}.webp`;
export const smallFileName = (hash: string) => `${hash}-${SMALL_IMAGE_WIDTH}w.webp`;
export const avatarFileName = (hash: string, size: (typeof AVATAR_SIZES)[number]) => `${hash}-${size}.webp`;

/** Every file an upload of this hash and size may have stored. */
export function fileNamesOf(upload: { hash: string; width: number; height: number }): string[] {
  return [mainFileName(upload.hash, upload.width, upload.height), smallFileName(upload.hash), ...AVATAR_SIZES.map((size) => avatarFileName(upload.hash, size))];
}

export type UploadedImage = { hash: string; width: number; height: number; url: string; srcSet: string | undefined };

/** The picture a Markdown image URL names when it is one of this Quads' uploads, else null. */
export function parseUploadedImageUrl(url: string): UploadedImage | null {
  const match = MAIN_URL.exec(url);
  if (!match) return null;
  const [, hash, width, height] = match;
  const widthNumber = Number(width);
  const heightNumber = Number(height);
  if (widthNumber < 1 || heightNumber < 1) return null;
  const srcSet = widthNumber > SMALL_IMAGE_WIDTH ? `${uploadFileUrl(smallFileName(hash))} ${SMALL_IMAGE_WIDTH}w, ${url} ${widthNumber}w` : undefined;
  return { hash, width: widthNumber, height: heightNumber, url, srcSet };
}

/** The hashes of this Quads' pictures a text links to (a post's or reply's Markdown). */
export function uploadHashesIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\/uploads\/([0-9a-f]{32})-/g)].map((match) => match[1]))];
}

/** This Quads' pictures a text shows (`![alt](/uploads/...)`), once per picture, in order. */
export function uploadedImagesIn(text: string): { hash: string; url: string; alt: string }[] {
  const seen = new Set<string>();
  const images: { hash: string; url: string; alt: string }[] = [];
  for (const match of text.matchAll(/!\[([^\]]*)\]\(\s*(\/uploads\/([0-9a-f]{32})-\d{1,4}x\d{1,4}\.webp)/g)) {
    const [, alt, url, hash] = match;
    if (seen.has(hash)) continue;
    seen.add(hash);
    images.push({ hash, url, alt: alt.trim() });
  }
  return images;
}

/** How many of this Quads' pictures a post's or reply's Markdown shows (`![alt](/uploads/...)`). */
export function countUploadedImages(text: string): number {
  return [...text.matchAll(/!\[[^\]]*\]\(\s*\/uploads\/[0-9a-f]{32}-\d{1,4}x\d{1,4}\.webp/g)].length;
}

/** The Markdown of an uploaded picture; the alt text loses the characters that would end it. */
export function imageMarkdown(alt: string, url: string): string {
  const safeAlt = alt.replace(/[[\]\\\r\n]+/g, " ").trim().slice(0, 200);
  return `![${safeAlt}](${url})`;
}

/** A file name without its extension: the alt text when the member gives none. */
export function altFromFileName(name: string): string {
  return name.replace(/\.[^.]*$/, "").replace(/[_-]+/g, " ").trim();
}

export { avatarSources } from "./avatar-url";

export const avatarUrlOf = (hash: string) => uploadFileUrl(avatarFileName(hash, 256));
