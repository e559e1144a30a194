import path from "node:path";
import { buffer as streamToBuffer } from "node:stream/consumers";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { toCurrentUser } from "~/features/auth/auth.server";
import { deletePost, updatePost } from "~/features/discussions/posts.server";
import { createReply, deleteReply } from "~/features/discussions/replies.server";
import { createActor, createTestPost, firstCategoryId } from "~/features/discussions/test-helpers";
import { updateProfile } from "~/features/members/profile.server";
import { deleteUser } from "~/features/users/users.server";
import { createMember } from "~/test/factories";
import { getEnv } from "~/utils/env.server";
import { readDb, schema, write } from "~/utils/db.server";
import { eq } from "drizzle-orm";
import { fileNamesOf, imageMarkdown, parseUploadedImageUrl } from "~/utils/upload-urls";
import { processImage, sniffImageType } from "./images.server";
import { createUpload, missingUploadHashes, releaseUploads, removeMemberAvatar, removeUpload, toUploadView } from "./uploads.server";
import { loadPostPage } from "~/features/discussions/post-page.server";
import { appErrorOfAsync } from "~/test/errors";
import { run } from "~/test/db";
import { startS3rver, type TestS3Server } from "~/test/s3rver";
import { getUploadStorage } from "./storage.server";

const pictureOf = (width: number, height: number, color: string) => sharp({ create: { width, height, channels: 3, background: color } });

/** Whether the store in use (the disk or the bucket) holds this file. */
const isStored = async (name: string) => (await getUploadStorage().head(name)) !== null;
const storedBytes = async (name: string) => {
  const file = await getUploadStorage().get(name);
  if (!file) throw new Error(`${name} is not stored`);
  return streamToBuffer(file.body);
};

const picture = (width: number, height: number, color = "#3366ff") => pictureOf(width, height, color);

describe("processImage", () => {
  it("strips metadata, auto-rotates and caps the long side at 1600 px", async () => {
    // 3000×2000 with EXIF orientation 6 (rotate 90°): stored as 1067×1600 without any EXIF.
    const jpeg = await picture(3000, 2000).withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "Secret GPS place" } } }).jpeg().toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const image = await processImage(jpeg, "image");
    const main = image.files[0];
    const meta = await sharp(main.bytes).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([1067, 1600]);
    expect(image.files.map((file) => file.name)).toEqual([`${image.hash}-1067x1600.webp`, `${image.hash}-800w.webp`]);
  });

  it("makes square 256 and 64 px files for an avatar", async () => {
    const image = await processImage(await picture(400, 300).png().toBuffer(), "avatar");
    const sizes = await Promise.all(image.files.slice(1).map(async (file) => [file.name.slice(33), (await sharp(file.bytes).metadata()).width]));
    expect(sizes).toEqual([
      ["256.webp", 256],
      ["64.webp", 64],
    ]);
  });

  it("reads the type from the bytes, never the name: SVG, HTML, PDF and text are refused", async () => {
    const png = await picture(10, 10).png().toBuffer();
    expect(sniffImageType(png)).toBe("png"); // a PNG named .svg is still a PNG: names are never read
    for (const text of ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "<!doctype html><p>hi", "%PDF-1.7\n", "just text"]) {
      const error = await appErrorOfAsync(processImage(Buffer.from(text), "image"));
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/JPEG, PNG, WebP and GIF/);
    }
  });

  it("refuses a truncated file and a decompression bomb", async () => {
    const png = await picture(600, 400).png().toBuffer();
    const truncated = await appErrorOfAsync(processImage(png.subarray(0, Math.floor(png.length / 2)), "image"));
    expect(truncated.status).toBe(400);
    expect(truncated.message).toMatch(/damaged or incomplete/);
    const bomb = await sharp({ create: { width: 9000, height: 9000, channels: 3, background: "#000" } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const error = await appErrorOfAsync(processImage(bomb, "image"));
    expect(error.status).toBe(413);
  });

  it("keeps an animated GIF's first frame as a still WebP", async () => {
    const frames = await sharp({ create: { width: 20, height: 40, channels: 3, background: "#f00" } }).gif().toBuffer();
    const image = await processImage(frames, "image");
    const meta = await sharp(image.files[0].bytes).metadata();
    expect(meta.pages ?? 1).toBe(1);
  });
});

// The same rules on the local disk and in a bucket (a real S3 protocol server: app/test/s3rver.ts).
describe.each(["disk", "s3"] as const)("uploads (%s)", (backend) => {
  // Other colours in the bucket's run: the same bytes as a picture the disk's run stored would be
  // that row's picture (one file per hash, whoever uploaded it), not a new one. Blue xor 0x40.
  const picture = (width: number, height: number, color = "#3366ff") =>
    pictureOf(width, height, backend === "disk" ? color : `${color.slice(0, 5)}${(parseInt(color.slice(5), 16) ^ 0x40).toString(16).padStart(2, "0")}`);
  let s3: TestS3Server | undefined;
  beforeAll(async () => {
    if (backend !== "s3") return;
    s3 = await startS3rver();
    getEnv().objectStore = s3.config;
  });
  afterAll(async () => {
    getEnv().objectStore = null;
    await s3?.stop();
  });

  it("stores the files and answers { id, url, width, height } with a URL the renderer recognises", async () => {
    const member = await createMember();
    const upload = await createUpload({ ownerId: member.id, bytes: await picture(1000, 500).png().toBuffer(), kind: "image" });
    const view = toUploadView(upload);
    expect(view).toMatchObject({ id: upload.id, width: 1000, height: 500 });
    expect(parseUploadedImageUrl(view.url)).toMatchObject({ width: 1000, height: 500 });
    expect(await isStored(path.basename(view.url))).toBe(true);
  });

  it("refuses a member over the daily count (429)", async () => {
    const member = await createMember();
    const env = getEnv();
    const original = env.UPLOADS_PER_DAY;
    env.UPLOADS_PER_DAY = 2;
    try {
      const bytes = await picture(20, 20).png().toBuffer();
      await createUpload({ ownerId: member.id, bytes, kind: "image" });
      await createUpload({ ownerId: member.id, bytes, kind: "image" });
      const error = await appErrorOfAsync(createUpload({ ownerId: member.id, bytes, kind: "image" }));
      expect(error.status).toBe(429);
      expect(error.message).toMatch(/2 pictures a day/);
    } finally {
      env.UPLOADS_PER_DAY = original;
    }
  });

  it("refuses a member whose pictures use their whole quota (429), and a file over UPLOAD_MAX_BYTES (413)", async () => {
    const member = await createMember();
    const env = getEnv();
    const [quota, max] = [env.UPLOAD_QUOTA_BYTES, env.UPLOAD_MAX_BYTES];
    env.UPLOAD_QUOTA_BYTES = 10;
    try {
      await createUpload({ ownerId: member.id, bytes: await picture(20, 20).png().toBuffer(), kind: "image" });
      expect((await appErrorOfAsync(createUpload({ ownerId: member.id, bytes: await picture(20, 20).png().toBuffer(), kind: "image" }))).status).toBe(429);
      env.UPLOAD_QUOTA_BYTES = quota;
      env.UPLOAD_MAX_BYTES = 100;
      expect((await appErrorOfAsync(createUpload({ ownerId: member.id, bytes: await picture(200, 200).png().toBuffer(), kind: "image" }))).status).toBe(413);
    } finally {
      env.UPLOAD_QUOTA_BYTES = quota;
      env.UPLOAD_MAX_BYTES = max;
    }
  });

  it("sets, replaces and removes an avatar; the old avatar's files are removed", async () => {
    const member = await createMember();
    const first = await createUpload({ ownerId: member.id, bytes: await picture(300, 300, "#ff0000").png().toBuffer(), kind: "avatar" });
    const withAvatar = await updateProfile(member.id, { avatarUploadId: first.id });
    expect(withAvatar.profileImageUrl).toBe(`/uploads/${first.hash}-256.webp`);
    const second = await createUpload({ ownerId: member.id, bytes: await picture(300, 300, "#00ff00").png().toBuffer(), kind: "avatar" });
    await updateProfile(member.id, { avatarUploadId: second.id });
    for (const name of fileNamesOf(first)) expect(await isStored(name)).toBe(false);
    expect((await readDb().select().from(schema.uploads)).some((row) => row.id === first.id)).toBe(false);
    const cleared = await updateProfile(member.id, { avatarUploadId: null });
    expect(cleared.profileImageUrl).toBeNull();
    expect(await isStored(`${second.hash}-256.webp`)).toBe(false);
  });

  it("refuses someone else's upload as an avatar; any picture of one's own becomes one, its square sizes made then", async () => {
    const [member, other] = [await createMember(), await createMember()];
    const theirs = await createUpload({ ownerId: other.id, bytes: await picture(64, 64).png().toBuffer(), kind: "avatar" });
    expect((await appErrorOfAsync(updateProfile(member.id, { avatarUploadId: theirs.id }))).status).toBe(400);
    // The documented POST /api/uploads has no kind: a plain picture.
    const image = await createUpload({ ownerId: member.id, bytes: await picture(300, 200, "#5a6b7c").png().toBuffer(), kind: "image" });
    expect(await isStored(`${image.hash}-256.webp`)).toBe(false);
    const updated = await updateProfile(member.id, { avatarUploadId: image.id });
    expect(updated.profileImageUrl).toBe(`/uploads/${image.hash}-256.webp`);
    for (const size of [256, 64]) {
      const file = `${image.hash}-${size}.webp`;
      expect(await isStored(file)).toBe(true);
      expect(await sharp(await storedBytes(file)).metadata()).toMatchObject({ format: "webp", width: size, height: size });
    }
    const row = (await readDb().select().from(schema.uploads)).find((entry) => entry.id === image.id);
    expect(row?.kind).toBe("avatar");
    expect(row!.bytes).toBeGreaterThan(image.bytes);
  });

  it("deleting one's own upload drops only one's own copy: another member who uploaded the same bytes keeps their post's picture and avatar", async () => {
    const [first, second] = [await createActor(), await createMember()];
    const bytes = await picture(90, 60, "#c0ffee").png().toBuffer();
    const mine = await createUpload({ ownerId: first.id, bytes, kind: "image" });
    const theirs = await createUpload({ ownerId: second.id, bytes, kind: "image" });
    expect(theirs.hash).toBe(mine.hash);
    await updateProfile(second.id, { avatarUploadId: theirs.id });
    const post = await createTestPost(first, { content: `Mine ${imageMarkdown("shared", toUploadView(mine).url)}` });
    const auditBefore = (await readDb().select().from(schema.auditLog)).length;

    // By id, then (nothing of mine left) by hash: the other member's copy is not mine to remove.
    expect(await removeUpload({ actor: first, idOrHash: mine.id })).toEqual({ removed: 1 });
    expect((await appErrorOfAsync(removeUpload({ actor: first, idOrHash: mine.hash }))).status).toBe(403);
    const rows = (await readDb().select().from(schema.uploads)).filter((row) => row.hash === mine.hash);
    expect(rows.map((row) => row.id)).toEqual([theirs.id]);
    const secondAfter = (await readDb().select().from(schema.users)).find((row) => row.id === second.id);
    expect([secondAfter?.avatarUploadId, secondAfter?.profileImageUrl]).toEqual([theirs.id, `/uploads/${theirs.hash}-256.webp`]);
    for (const name of [path.basename(toUploadView(theirs).url), `${theirs.hash}-256.webp`]) expect(await isStored(name)).toBe(true);
    expect((await missingUploadHashes([mine.hash])).size).toBe(0);
    expect((await loadPostPage(post.id, first))?.post.html).toContain(`src="${toUploadView(mine).url}"`);
    expect((await readDb().select().from(schema.auditLog)).length).toBe(auditBefore);

    // The last copy (by the hash in its URL): the files go, the avatar falls back to the initials.
    expect(await removeUpload({ actor: second, idOrHash: theirs.hash })).toEqual({ removed: 1 });
    const secondCleared = (await readDb().select().from(schema.users)).find((row) => row.id === second.id);
    expect(secondCleared?.avatarUploadId).toBeNull();
    for (const name of fileNamesOf(theirs)) expect(await isStored(name)).toBe(false);
    expect(await missingUploadHashes([mine.hash])).toEqual(new Set([mine.hash]));
  });

  it("keeps a picture a post uses and removes it once nothing does", async () => {
    const member = await createMember();
    const upload = await createUpload({ ownerId: member.id, bytes: await picture(120, 80, "#123456").png().toBuffer(), kind: "image" });
    const url = toUploadView(upload).url;
    const post = (await write((tx) => tx
      .insert(schema.posts)
      .values({ title: "With a picture", content: `Look ![chart](${url})`, authorId: member.id, categoryId: 1 })
      .returning()))[0];
    expect(await releaseUploads([upload.hash])).toBe(0);
    await run("delete from posts where id = ?", post.id);
    expect(await releaseUploads([upload.hash])).toBe(1);
    expect(await isStored(path.basename(url))).toBe(false);
  });

  it("lets a moderator remove any picture (audited), not another member", async () => {
    const [owner, stranger, moderator] = [await createMember(), await createMember(), await createMember({ role: "moderator" })];
    const upload = await createUpload({ ownerId: owner.id, bytes: await picture(30, 30, "#abcdef").png().toBuffer(), kind: "image" });
    expect((await appErrorOfAsync(removeUpload({ actor: stranger, idOrHash: upload.id }))).status).toBe(403);
    const copy = await createUpload({ ownerId: stranger.id, bytes: await picture(30, 30, "#abcdef").png().toBuffer(), kind: "image" });
    expect(await removeUpload({ actor: moderator, idOrHash: upload.hash })).toEqual({ removed: 2 }); // every copy
    expect((await readDb().select().from(schema.uploads)).some((row) => row.hash === copy.hash)).toBe(false);
    for (const name of fileNamesOf(upload)) expect(await isStored(name)).toBe(false);
    const audit = await readDb().select().from(schema.auditLog);
    expect(audit.some((entry) => entry.action === "upload.removed" && entry.actorId === moderator.id)).toBe(true);
  });

  it("lets a moderator remove a member's avatar (audited): the initials come back; a member cannot", async () => {
    const [member, stranger, moderator] = [await createMember(), await createMember(), await createMember({ role: "moderator", displayName: "Mod Erator" })];
    const avatar = await createUpload({ ownerId: member.id, bytes: await picture(80, 80, "#a1b2c3").png().toBuffer(), kind: "avatar" });
    await updateProfile(member.id, { avatarUploadId: avatar.id });
    expect((await appErrorOfAsync(removeMemberAvatar({ actor: stranger, userId: member.id }))).status).toBe(403);
    expect(await removeMemberAvatar({ actor: moderator, userId: member.id })).toEqual({ name: member.displayName });
    const after = (await readDb().select().from(schema.users)).find((row) => row.id === member.id);
    expect([after?.avatarUploadId, after?.profileImageUrl]).toEqual([null, null]);
    expect((await readDb().select().from(schema.uploads)).some((row) => row.hash === avatar.hash)).toBe(false);
    expect(await isStored(`${avatar.hash}-256.webp`)).toBe(false);
    const audit = (await readDb().select().from(schema.auditLog)).find((entry) => entry.targetType === "user" && entry.targetId === member.id);
    expect(audit).toMatchObject({ action: "upload.removed", actorId: moderator.id, summary: `Removed the profile picture of ${member.displayName}` });
    // Nothing left to remove: a clear 404.
    expect((await appErrorOfAsync(removeMemberAvatar({ actor: moderator, userId: member.id }))).message).toMatch(/has no profile picture/);
  });

  it("shows a removed picture of a post or reply as a placeholder, and offers moderators only the pictures still there", async () => {
    const actor = await createActor();
    const moderator = toCurrentUser(await createMember({ role: "moderator" }));
    const kept = await createUpload({ ownerId: actor.id, bytes: await picture(50, 40, "#111111").png().toBuffer(), kind: "image" });
    const gone = await createUpload({ ownerId: actor.id, bytes: await picture(50, 40, "#222222").png().toBuffer(), kind: "image" });
    const post = await createTestPost(actor, { content: `Two ${imageMarkdown("kept chart", toUploadView(kept).url)} ${imageMarkdown("gone chart", toUploadView(gone).url)}` });
    await createReply({ actor, postId: post.id, input: { content: `Again ${imageMarkdown("gone chart", toUploadView(gone).url)}` } });
    await removeUpload({ actor: moderator, idOrHash: gone.hash });
    expect(await missingUploadHashes([kept.hash, gone.hash])).toEqual(new Set([gone.hash]));
    const page = await loadPostPage(post.id, moderator);
    expect(page?.post.html).toContain(`src="${toUploadView(kept).url}"`);
    expect(page?.post.html).not.toContain(toUploadView(gone).url);
    expect(page?.post.html).toContain('data-picture="removed">Picture removed: gone chart</span>');
    expect(page?.replies[0].html).toContain("Picture removed: gone chart");
    expect(page?.post.pictures).toEqual([{ hash: kept.hash, url: toUploadView(kept).url, alt: "kept chart" }]);
    expect(page?.replies[0].pictures).toEqual([]);
    expect((await loadPostPage(post.id, actor))?.post.pictures).toEqual([]); // members get no 'Remove picture'
  });

  it("removes a post's and a reply's pictures when they are deleted, and a member's when the member is deleted", async () => {
    const actor = await createActor();
    const admin = toCurrentUser(await createMember({ role: "admin" }));
    const rowsOf = async (hash: string) => (await readDb().select().from(schema.uploads)).filter((row) => row.hash === hash).length;
    const uploadFor = async (color: string) => createUpload({ ownerId: actor.id, bytes: await picture(40, 30, color).png().toBuffer(), kind: "image" });

    const inPost = await uploadFor("#010203");
    const inReply = await uploadFor("#040506");
    const post = await createTestPost(actor, { content: `Post ${imageMarkdown("a", toUploadView(inPost).url)}` });
    const reply = await createReply({ actor, postId: post.id, input: { content: `Reply ${imageMarkdown("b", toUploadView(inReply).url)}` } });
    // The release may be a unit of work of its own, started after the caller's: poll for it.
    const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5_000, interval: 20 });
    await deleteReply({ actor, postId: post.id, replyId: reply.id });
    await eventually(async () => expect([await rowsOf(inReply.hash), await rowsOf(inPost.hash)]).toEqual([0, 1]));
    await deletePost({ actor, postId: post.id });
    await eventually(async () => expect(await rowsOf(inPost.hash)).toBe(0));

    const kept = await uploadFor("#070809");
    const edited = await createTestPost(actor, { content: `Edited ${imageMarkdown("c", toUploadView(kept).url)}` });
    await updatePost({ actor, postId: edited.id, input: { title: "Edited", content: "No picture any more", categoryId: await firstCategoryId() } });
    await eventually(async () => expect(await rowsOf(kept.hash)).toBe(0));

    const leaving = await createMember();
    const theirs = await createUpload({ ownerId: leaving.id, bytes: await picture(40, 30, "#0a0b0c").png().toBuffer(), kind: "avatar" });
    await updateProfile(leaving.id, { avatarUploadId: theirs.id });
    await deleteUser({ actor: admin, userId: leaving.id });
    // The rows and then the files go right after the deletion commits, without the caller waiting: poll for them.
    await eventually(async () => expect(await rowsOf(theirs.hash)).toBe(0));
    await eventually(async () => expect(await isStored(`${theirs.hash}-256.webp`)).toBe(false));
  });

  it("keeps the daily count exact when two uploads arrive at once: the one refused inside its unit leaves no file behind", async () => {
    const member = await createMember();
    const env = getEnv();
    const original = env.UPLOADS_PER_DAY;
    env.UPLOADS_PER_DAY = 1;
    try {
      // Both pass the check made before processing; only the unit that stores the row re-checks.
      const [first, second] = [await picture(70, 50, "#0f1e2d").png().toBuffer(), await picture(70, 50, "#3c4b5a").png().toBuffer()];
      const outcomes = await Promise.allSettled([createUpload({ ownerId: member.id, bytes: first, kind: "image" }), createUpload({ ownerId: member.id, bytes: second, kind: "image" })]);
      const stored = outcomes.filter((outcome) => outcome.status === "fulfilled");
      const refused = outcomes.filter((outcome) => outcome.status === "rejected");
      expect([stored.length, refused.length]).toEqual([1, 1]);
      expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ status: 429 });
      const rows = (await readDb().select().from(schema.uploads)).filter((row) => row.ownerId === member.id);
      expect(rows).toHaveLength(1);
      const refusedHash = (await processImage(rows[0].hash === (await processImage(first, "image")).hash ? second : first, "image")).hash;
      for (const name of fileNamesOf({ hash: refusedHash, width: 70, height: 50 })) expect(await isStored(name)).toBe(false);
      for (const name of [path.basename(toUploadView(rows[0]).url)]) expect(await isStored(name)).toBe(true);
    } finally {
      env.UPLOADS_PER_DAY = original;
    }
  });

  it("removes the files of a picture whose row is refused, but never the files another upload's row uses", async () => {
    const member = await createMember();
    const shared = await createUpload({ ownerId: member.id, bytes: await picture(44, 33, "#6a7b8c").png().toBuffer(), kind: "avatar" });
    // No such member: the insert is refused (foreign key) after the files were written.
    const fresh = await picture(44, 33, "#9dae0f").png().toBuffer();
    await expect(createUpload({ ownerId: "no-such-member", bytes: fresh, kind: "avatar" })).rejects.toThrow();
    const freshHash = (await processImage(fresh, "image")).hash;
    for (const name of fileNamesOf({ hash: freshHash, width: 44, height: 33 })) expect(await isStored(name)).toBe(false);
    // The same bytes as a stored picture: those files are the stored row's, they stay.
    await expect(createUpload({ ownerId: "no-such-member", bytes: await picture(44, 33, "#6a7b8c").png().toBuffer(), kind: "avatar" })).rejects.toThrow();
    for (const name of [path.basename(toUploadView(shared).url), `${shared.hash}-256.webp`, `${shared.hash}-64.webp`]) expect(await isStored(name)).toBe(true);
  });

  it("inside a unit of work, releases a picture only once the unit commits, and not at all when it rolls back", async () => {
    const member = await createMember();
    const upload = await createUpload({ ownerId: member.id, bytes: await picture(52, 39, "#13579b").png().toBuffer(), kind: "image" });
    const rowsOf = async () => (await readDb().select().from(schema.uploads)).filter((row) => row.hash === upload.hash).length;
    const refusal = new Error("rolled back");
    await expect(
      write(async () => {
        await releaseUploads([upload.hash]);
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await rowsOf()).toBe(1);
    await write(async (tx) => {
      await releaseUploads([upload.hash]);
      // Not before the commit: the unit still sees its row.
      expect(await tx.select().from(schema.uploads).where(eq(schema.uploads.hash, upload.hash))).toHaveLength(1);
    });
    await vi.waitFor(async () => expect(await rowsOf()).toBe(0), { timeout: 5_000, interval: 20 });
    await vi.waitFor(async () => expect(await isStored(path.basename(toUploadView(upload).url))).toBe(false), { timeout: 5_000, interval: 20 });
  });
});
