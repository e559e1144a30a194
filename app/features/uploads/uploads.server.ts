/**
 * Member uploads (docs/uploads.md): storing a picture (POST /api/uploads, the avatar form, the
 * post and reply forms), the per-member limits, removing pictures nothing uses any more, and
 * moderators removing any picture.
 */
import { randomUUID } from "node:crypto";
import { buffer as streamToBuffer } from "node:stream/consumers";
import { and, count, eq, gt, inArray, like, lt, or, sql, sum, type SQL } from "drizzle-orm";
import { recordAudit } from "~/features/audit/index.server";
import { getEnv } from "~/utils/env.server";
import { AppError, badRequest, forbidden, isAppError, logServerError, notFound } from "~/utils/errors.server";
import { OversizedFile } from "~/utils/multipart.server";
import { MAX_IMAGES_PER_TEXT, pictureTooLargeMessage } from "~/utils/upload-limit";
import { afterCommit, isInsideOpenUnit, readDb, schema, write, type AppDatabase } from "~/utils/db.server";
import { can, type RoleHolder } from "~/utils/permissions";
import type { Upload } from "../../../db/schema";
import { avatarFilesOf, processImage } from "./images.server";
import { getUploadStorage } from "./storage.server";
import { altFromFileName, countUploadedImages, fileNamesOf, imageMarkdown, mainFileName, uploadFileUrl } from "~/utils/upload-urls";
import type { Actor } from "~/utils/actor";
import { literalLimit } from "~/utils/sql-dialect.server";

export type UploadKind = "avatar" | "image";
export type UploadView = { id: string; url: string; width: number; height: number };

const DAY_MS = 24 * 60 * 60 * 1000;

export function toUploadView(upload: Upload): UploadView {
  return { id: upload.id, url: uploadFileUrl(mainFileName(upload.hash, upload.width, upload.height)), width: upload.width, height: upload.height };
}

/**
 * A form's file field as bytes, or null when no file was picked (an empty file input sends a
 * nameless empty file). Refuses an empty file (400) and one over UPLOAD_MAX_BYTES (413, also when
 * the form reader threw it away: `OversizedFile`), the message under `field` in the error's
 * field errors so the form shows it beside the file field.
 */
export async function readUploadedFile(value: FormDataEntryValue | null, field = "file"): Promise<{ bytes: Uint8Array; name: string } | null> {
  if (value === null || typeof value === "string") return null;
  if (value.size === 0 && !value.name) return null;
  const maxBytes = getEnv().UPLOAD_MAX_BYTES;
  if (value instanceof OversizedFile || value.size > maxBytes) throw fileTooLarge(maxBytes, field);
  if (value.size === 0) throw badRequest("The picked file is empty.", { [field]: ["The picked file is empty."] });
  return { bytes: new Uint8Array(await value.arrayBuffer()), name: value.name };
}

function fileTooLarge(maxBytes: number, field?: string) {
  const message = pictureTooLargeMessage(maxBytes);
  return new AppError(413, message, { fieldErrors: field ? { [field]: [message] } : undefined });
}

/** The same refusal with its message under the form's file field (a refusal that names a field already is kept). */
export function asFileFieldError(error: AppError, field: string): AppError {
  if (error.fieldErrors) return error;
  return new AppError(error.status, error.message, { fieldErrors: { [field]: [error.message] }, headers: error.headers });
}

/**
 * Refuses (429) a member over their daily upload count or total stored bytes. Checked before the
 * picture is processed (a refusal costs no sharp work) and again inside the unit that stores the
 * row, where two uploads at once cannot both pass it (decision 0102).
 */
async function assertWithinLimits(ownerId: string): Promise<void> {
  const env = getEnv();
  const db = readDb();
  const since = new Date(Date.now() - DAY_MS);
  const [today] = await db.select({ value: count() }).from(schema.uploads).where(and(eq(schema.uploads.ownerId, ownerId), gt(schema.uploads.createdAt, since)));
  if ((today?.value ?? 0) >= env.UPLOADS_PER_DAY) {
    throw new AppError(429, `You can upload ${env.UPLOADS_PER_DAY} pictures a day. Please try again tomorrow.`, { headers: { "Retry-After": String(DAY_MS / 1000) } });
  }
  const [stored] = await db.select({ value: sum(schema.uploads.bytes) }).from(schema.uploads).where(eq(schema.uploads.ownerId, ownerId));
  if (Number(stored?.value ?? 0) >= env.UPLOAD_QUOTA_BYTES) {
    throw new AppError(429, "Your pictures use all the space a member has. Remove pictures you no longer need, or ask a moderator.", {
      headers: { "Retry-After": String(DAY_MS / 1000) },
    });
  }
}

/**
 * Stores one picture for a member (re-encoded, limits checked) and returns its row. The picture
 * is processed and its files written before the unit of work that stores the row (a unit holds no
 * slow await: decision 0102); when that unit refuses (the limits re-checked, the member gone), the
 * files just written go again unless a row of the same picture uses them.
 */
export async function createUpload({ ownerId, bytes, kind }: { ownerId: string; bytes: Uint8Array; kind: UploadKind }): Promise<Upload> {
  const maxBytes = getEnv().UPLOAD_MAX_BYTES;
  if (bytes.byteLength > maxBytes) throw fileTooLarge(maxBytes);
  await assertWithinLimits(ownerId);
  const image = await processImage(bytes, kind);
  const storage = getUploadStorage();
  const names = image.files.map((file) => file.name);
  try {
    for (const file of image.files) await storage.put(file.name, file.bytes);
    return await write(async (tx) => {
      await assertWithinLimits(ownerId);
      const [upload] = await tx
        .insert(schema.uploads)
        .values({
          id: randomUUID(),
          ownerId,
          hash: image.hash,
          width: image.width,
          height: image.height,
          bytes: image.files.reduce((total, file) => total + file.bytes.byteLength, 0),
          kind,
        })
        .returning();
      return upload;
    });
  } catch (error) {
    await deleteFilesNoRowNames(image.hash, names);
    throw error;
  }
}

/** After a refused store: the files of `hash` go unless a row of that picture uses them (the same bytes stored before are one file). */
async function deleteFilesNoRowNames(hash: string, names: string[]): Promise<void> {
  try {
    const [row] = await readDb().select({ id: schema.uploads.id }).from(schema.uploads).where(eq(schema.uploads.hash, hash)).limit(literalLimit(1));
    if (!row) await deleteFiles(names);
  } catch (error) {
    logServerError(error); // the refusal is what the caller must see
  }
}

/**
 * A post or reply form's 'Add image' field without JavaScript (docs/uploads.md): when the form
 * carries a picture (`image`, alt text `imageAlt`), stores it and returns the text with the
 * picture's Markdown appended; otherwise the text as it is. A refusal names the `image` field.
 */
export async function appendPictureFromForm({ ownerId, formData, content }: { ownerId: string; formData: FormData; content: string }): Promise<string> {
  const file = await readUploadedFile(formData.get("image"), "image");
  if (!file) return content;
  if (countUploadedImages(content) >= MAX_IMAGES_PER_TEXT) throw badRequest(`A text can show at most ${MAX_IMAGES_PER_TEXT} images.`, { image: [`A text can show at most ${MAX_IMAGES_PER_TEXT} images.`] });
  const upload = await createUpload({ ownerId, bytes: file.bytes, kind: "image" }).catch((error: unknown) => {
    throw isAppError(error) ? asFileFieldError(error, "image") : error;
  });
  const altField = formData.get("imageAlt");
  const alt = (typeof altField === "string" && altField.trim()) || altFromFileName(file.name);
  const markdown = imageMarkdown(alt, toUploadView(upload).url);
  return content.trim() ? `${content.trimEnd()}\n\n${markdown}` : markdown;
}

/**
 * Makes a member's upload their avatar's picture (PUT /api/profile `avatarUploadId`, the avatar
 * form): any picture they uploaded; one sent without `kind=avatar` gets its square sizes now,
 * cropped from its stored main file. Throws 400 when it is not an upload of theirs.
 */
export async function prepareAvatarUpload({ ownerId, uploadId }: { ownerId: string; uploadId: string }): Promise<Upload> {
  const upload = await findUpload(uploadId);
  if (!upload || upload.ownerId !== ownerId) throw badRequest(AVATAR_NOT_USABLE, { avatarUploadId: [AVATAR_NOT_USABLE] });
  if (upload.kind === "avatar") return upload;
  const storage = getUploadStorage();
  const main = await storage.get(mainFileName(upload.hash, upload.width, upload.height));
  if (!main) throw badRequest(AVATAR_FILE_GONE, { avatarUploadId: [AVATAR_FILE_GONE] });
  // The square sizes are made and written before the unit that records them (decision 0102).
  const files = await avatarFilesOf(upload.hash, await streamToBuffer(main.body));
  const names = files.map((file) => file.name);
  try {
    for (const file of files) await storage.put(file.name, file.bytes);
    const [updated] = await write((tx) =>
      tx
        .update(schema.uploads)
        .set({ kind: "avatar", bytes: upload.bytes + files.reduce((total, file) => total + file.bytes.byteLength, 0) })
        .where(and(eq(schema.uploads.id, upload.id), eq(schema.uploads.ownerId, ownerId)))
        .returning(),
    );
    // Removed meanwhile (the member or a moderator): nothing of theirs to use.
    if (!updated) throw badRequest(AVATAR_FILE_GONE, { avatarUploadId: [AVATAR_FILE_GONE] });
    return updated;
  } catch (error) {
    await deleteFilesNoRowNames(upload.hash, names);
    throw error;
  }
}

const AVATAR_NOT_USABLE = "avatarUploadId must be the id of a picture you uploaded (POST /api/uploads).";
const AVATAR_FILE_GONE = "This picture is no longer stored. Upload it again.";

/** The upload with this id, or null. */
export async function findUpload(id: string): Promise<Upload | null> {
  const [upload] = await readDb().select().from(schema.uploads).where(eq(schema.uploads.id, id)).limit(literalLimit(1));
  return upload ?? null;
}

const storedHashesQuery = (db: AppDatabase, hashes: string[]) =>
  db.selectDistinct({ hash: schema.uploads.hash }).from(schema.uploads).where(inArray(schema.uploads.hash, hashes));

/** Of these hashes, the ones no stored picture has any more (removed): shown as a placeholder. */
export async function missingUploadHashes(hashes: Iterable<string>): Promise<Set<string>> {
  const wanted = [...new Set(hashes)];
  if (wanted.length === 0) return new Set();
  const stored = new Set((await storedHashesQuery(readDb(), wanted)).map((row) => row.hash));
  return new Set(wanted.filter((hash) => !stored.has(hash)));
}

/** Whether any post, reply, private message or avatar still uses a picture of this hash (inside the releasing unit). */
async function isHashInUse(tx: AppDatabase, hash: string): Promise<boolean> {
  const pattern = `%/uploads/${hash}-%`;
  const { posts, replies, messages, users, uploads } = schema;
  const one = { one: sql`1` };
  const uploadsOfHash = tx.select({ id: uploads.id }).from(uploads).where(eq(uploads.hash, hash));
  return (
    (await tx.select(one).from(posts).where(like(posts.content, pattern)).limit(literalLimit(1))).length > 0 ||
    (await tx.select(one).from(replies).where(like(replies.content, pattern)).limit(literalLimit(1))).length > 0 ||
    (await tx.select(one).from(messages).where(like(messages.content, pattern)).limit(literalLimit(1))).length > 0 ||
    (await tx.select(one).from(users).where(inArray(users.avatarUploadId, uploadsOfHash)).limit(literalLimit(1))).length > 0
  );
}

/**
 * Removes the pictures of these hashes that no post, reply, private message or avatar uses any
 * more. Called after a post, reply, message, avatar or member is deleted or a text is edited
 * (docs/uploads.md, "Garbage collection"). The check and the rows' deletion are one unit of work of their own; inside a
 * caller's open unit (which may still roll back) it waits for that unit's commit (`afterCommit`)
 * and the promise settles at once with 0. Otherwise the promise settles when the files are gone
 * too. It never rejects (a failure is logged), so a caller that does not wait for it loses nothing.
 */
export function releaseUploads(hashes: Iterable<string>): Promise<number> {
  const wanted = [...new Set(hashes)];
  if (wanted.length === 0) return Promise.resolve(0);
  if (isInsideOpenUnit()) {
    // Never awaited inside the unit: the release must not run before the rows that stop using the pictures are committed.
    afterCommit(() => void releaseNow(wanted));
    return Promise.resolve(0);
  }
  return releaseNow(wanted);
}

async function releaseNow(hashes: string[]): Promise<number> {
  try {
    const { removed, files } = await write(async (tx) => {
      let removed = 0;
      const files: string[] = [];
      for (const hash of hashes) {
        if (await isHashInUse(tx, hash)) continue;
        const result = await deleteUploadRows(tx, eq(schema.uploads.hash, hash), hash);
        removed += result.removed;
        files.push(...result.files);
      }
      return { removed, files };
    });
    await deleteFiles(files);
    return removed;
  } catch (error) {
    logServerError(error);
    return 0;
  }
}

async function deleteFiles(names: string[]): Promise<void> {
  const storage = getUploadStorage();
  for (const name of names) {
    try {
      await storage.delete(name);
    } catch (error) {
      logServerError(error);
    }
  }
}

/**
 * Deletes the upload rows `where` picks (all of one hash) and clears the avatars that pointed at
 * them, inside the caller's unit; the hash's files are to go (after the unit) only when no row
 * names the hash any more (the same bytes uploaded by two members are one file: docs/uploads.md,
 * "Garbage collection").
 */
async function deleteUploadRows(tx: AppDatabase, where: SQL, hash: string): Promise<{ removed: number; files: string[] }> {
  const rows = await tx.delete(schema.uploads).where(and(eq(schema.uploads.hash, hash), where)).returning();
  if (rows.length > 0) {
    await tx
      .update(schema.users)
      .set({ avatarUploadId: null, profileImageUrl: null })
      .where(inArray(schema.users.avatarUploadId, rows.map((row) => row.id)));
  }
  const [stillThere] = await tx.select({ value: count() }).from(schema.uploads).where(eq(schema.uploads.hash, hash));
  if (rows.length === 0 || (stillThere?.value ?? 0) > 0) return { removed: rows.length, files: [] };
  // Every name the hash may have (an avatar's sizes too, whichever row made them).
  return { removed: rows.length, files: [...new Set(rows.flatMap(fileNamesOf))] };
}

/** The distinct hashes of the pictures a member uploaded (read before deleting the member). */
export async function uploadHashesOwnedBy(ownerId: string): Promise<string[]> {
  const rows = await readDb().selectDistinct({ hash: schema.uploads.hash }).from(schema.uploads).where(eq(schema.uploads.ownerId, ownerId));
  return rows.map((row) => row.hash);
}

/**
 * Pictures uploaded more than `olderThanMs` ago that nothing uses (picked in an editor, never
 * posted): removed. Run at start (app/entry.server.tsx).
 */
export async function sweepUnusedUploads(olderThanMs = DAY_MS): Promise<number> {
  const before = new Date(Date.now() - olderThanMs);
  const rows = await readDb().selectDistinct({ hash: schema.uploads.hash }).from(schema.uploads).where(lt(schema.uploads.createdAt, before));
  return releaseUploads(rows.map((row) => row.hash));
}

/**
 * A picture removed by `DELETE /api/uploads/{id}` or a moderator's 'Remove picture'. `idOrHash`
 * is the upload's id or the hash in its URL. A member (a moderator too, for their own upload)
 * drops only their own copies: another member who uploaded the same bytes keeps theirs, and the
 * files go when no copy is left. A moderator or admin removing someone else's picture removes
 * every copy and its files, audited (`upload.removed`); an avatar falls back to the initials.
 * The rows go in one unit of work (its checks read inside it), the files after its commit.
 */
export async function removeUpload({ actor, idOrHash }: { actor: Pick<Actor, "id" | keyof RoleHolder>; idOrHash: string }): Promise<{ removed: number }> {
  const isModerator = can(actor, "content:moderate", getEnv().ADMIN_EMAIL);
  const { removed, files } = await write(async (tx) => {
    const rows = await tx
      .select()
      .from(schema.uploads)
      .where(or(eq(schema.uploads.id, idOrHash), eq(schema.uploads.hash, idOrHash)));
    if (rows.length === 0) throw notFound("Picture not found.");
    const hash = rows[0].hash;
    const isOwnerOfEvery = rows.every((row) => row.ownerId === actor.id);
    if (isOwnerOfEvery || !isModerator) {
      const ownIds = rows.filter((row) => row.ownerId === actor.id).map((row) => row.id);
      if (ownIds.length === 0) throw forbidden("Only the member who uploaded this picture, a moderator or an admin can remove it.");
      return deleteUploadRows(tx, inArray(schema.uploads.id, ownIds), hash);
    }
    const result = await deleteUploadRows(tx, eq(schema.uploads.hash, hash), hash);
    await recordAudit({ actor, action: "upload.removed", targetType: "upload", targetId: rows[0].id, summary: `Removed picture ${hash} (${rows[0].width}×${rows[0].height})` });
    return result;
  });
  await deleteFiles(files);
  return { removed };
}

/**
 * A member's avatar removed by a moderator or admin (the Moderation section of /members/{id};
 * audited): the picture and every copy of it go, the member shows their initials again.
 */
export async function removeMemberAvatar({ actor, userId }: { actor: Pick<Actor, "id" | keyof RoleHolder>; userId: string }): Promise<{ name: string }> {
  if (!can(actor, "content:moderate", getEnv().ADMIN_EMAIL)) throw forbidden("Only moderators and admins can remove a member's picture.");
  const { name, files } = await write(async (tx) => {
    const [member] = await tx
      .select({ displayName: schema.users.displayName, avatarUploadId: schema.users.avatarUploadId })
      .from(schema.users)
      .where(eq(schema.users.id, userId))
      .limit(literalLimit(1));
    if (!member) throw notFound("Member not found.");
    const upload = member.avatarUploadId ? await findUpload(member.avatarUploadId) : null;
    if (!upload) throw notFound(`${member.displayName} has no profile picture.`);
    const { files } = await deleteUploadRows(tx, eq(schema.uploads.hash, upload.hash), upload.hash);
    await recordAudit({ actor, action: "upload.removed", targetType: "user", targetId: userId, summary: `Removed the profile picture of ${member.displayName}` });
    return { name: member.displayName, files };
  });
  await deleteFiles(files);
  return { name };
}
