/**
 * Turning an uploaded file into stored WebP files (docs/uploads.md): the type is read from the
 * bytes (never the name or the Content-Type), then sharp decodes and re-encodes the picture, which
 * drops every metadata block (EXIF, GPS, XMP, ICC comments) and anything hidden after the image data.
 */
import { createHash } from "node:crypto";
import type Sharp from "sharp";
import { AppError, badRequest } from "~/utils/errors.server";
import { AVATAR_SIZES, SMALL_IMAGE_WIDTH, avatarFileName, mainFileName, smallFileName } from "~/utils/upload-urls";

export const MAX_IMAGE_SIDE = 1600;
/** Decoded pixels sharp may allocate for one picture: a small file that decodes to gigapixels is refused. */
export const MAX_INPUT_PIXELS = 50_000_000;

export type ImageType = "jpeg" | "png" | "webp" | "gif";

export const UNSUPPORTED_TYPE_MESSAGE = "Only JPEG, PNG, WebP and GIF pictures can be uploaded.";

/** The picture type the first bytes announce, or null (SVG, HTML, PDF, anything else). */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const startsWith = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString("latin1");
  if (startsWith(0xff, 0xd8, 0xff)) return "jpeg";
  if (startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a") return "gif";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

let loadedSharp: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips), loaded by the first picture a process handles: loading it costs a worker about
 * 26 MB that most never need. Its operation cache is off: every upload is a new picture, so it
 * was only ever kept memory, 40–50 MB after a few uploads (docs/performance.md, "Footprint").
 */
function loadSharp(): Promise<typeof Sharp> {
  loadedSharp ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loadedSharp;
}

export type StoredFile = { name: string; bytes: Buffer };
export type ProcessedImage = { hash: string; width: number; height: number; files: StoredFile[] };

/**
 * Decodes, auto-rotates, caps at 1600 px and re-encodes as WebP; an avatar also gets square
 * 256 and 64 px files, a wide picture an 800 px one for `srcset`. An animated GIF keeps its first
 * frame (docs/uploads.md). Throws 400 for anything that is not a readable picture, 413 for a
 * decompression bomb.
 */
export async function processImage(bytes: Uint8Array, kind: "avatar" | "image"): Promise<ProcessedImage> {
  if (!sniffImageType(bytes)) throw badRequest(UNSUPPORTED_TYPE_MESSAGE);
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sharp = await loadSharp();
  const open = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated", animated: false });
  try {
    const main = await open()
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    const { width, height } = main.info;
    const hash = createHash("sha256").update(main.data).digest("hex").slice(0, 32);
    const files: StoredFile[] = [{ name: mainFileName(hash, width, height), bytes: main.data }];
    if (width > SMALL_IMAGE_WIDTH) {
      files.push({ name: smallFileName(hash), bytes: await sharp(main.data).resize({ width: SMALL_IMAGE_WIDTH }).webp({ quality: 80 }).toBuffer() });
    }
    if (kind === "avatar") files.push(...(await avatarFilesOf(hash, main.data)));
    return { hash, width, height, files };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) {
      throw new AppError(413, `This picture is too large once decoded: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels are accepted.`);
    }
    throw badRequest("This picture could not be read: the file may be damaged or incomplete. Try saving it again as JPEG or PNG.");
  }
}

/** An avatar's square 256 and 64 px files, cropped from a picture's stored main file. */
export async function avatarFilesOf(hash: string, mainBytes: Buffer): Promise<StoredFile[]> {
  const sharp = await loadSharp();
  const files: StoredFile[] = [];
  for (const size of AVATAR_SIZES) {
    files.push({ name: avatarFileName(hash, size), bytes: await sharp(mainBytes).resize(size, size, { fit: "cover" }).webp({ quality: 82 }).toBuffer() });
  }
  return files;
}
