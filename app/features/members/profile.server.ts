/** Editing one's own profile: the Edit Profile form and PUT /api/profile both call updateProfile. */
import { eq } from "drizzle-orm";
import { type RequestMeta, requestEmailChange, assertUsernameAvailable } from "~/features/auth/index.server";
import { avatarUrlOf } from "~/utils/upload-urls";
import { findUpload, prepareAvatarUpload, releaseUploads } from "~/features/uploads/index.server";
import { readDb, schema, write } from "~/utils/db.server";
import { notFound } from "~/utils/errors.server";
import type { User } from "../../../db/schema";
import { profileSchema } from "./schemas";
import { validationError } from "~/utils/validation.server";
import { literalLimit } from "~/utils/sql-dialect.server";

/**
 * Validates and saves the given profile fields of a member; throws 400 (with field errors), 404 or 409.
 * A new e-mail goes through requestEmailChange (current password, a link to the new address; the
 * address changes only when the link is followed: docs/accounts.md, "Changing the e-mail").
 * The password check, the mail and a new avatar's picture work happen before the unit of work that
 * saves the row (decision 0102: a unit holds no slow await); the old avatar is released after it.
 */
export async function updateProfile(userId: string, input: unknown, meta: RequestMeta = { clientIp: "profile" }): Promise<User> {
  const parsed = profileSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const { bio, currentPassword, avatarUploadId, ...rest } = parsed.data;
  const values = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)) as Partial<User>;
  if ("bio" in (input as object)) values.bio = bio ?? null;
  const [current] = await readDb().select().from(schema.users).where(eq(schema.users.id, userId)).limit(literalLimit(1));
  if (!current) throw notFound("Member not found");
  if (values.email !== undefined && values.email === current.email.toLowerCase()) delete values.email;
  if (values.username === current.username) delete values.username;
  if (values.email !== undefined) {
    await requestEmailChange({ userId, input: { email: values.email, currentPassword }, meta });
    delete values.email;
  }
  if (avatarUploadId !== undefined) Object.assign(values, await avatarValues(userId, avatarUploadId));
  const { updated, previousAvatar } = await write(async (tx) => {
    // Read inside the unit: the avatar this save replaces, whatever happened since the read above.
    const [before] = await tx.select({ avatarUploadId: schema.users.avatarUploadId }).from(schema.users).where(eq(schema.users.id, userId)).limit(literalLimit(1));
    if (!before) throw notFound("Member not found");
    const previousAvatar = before.avatarUploadId ? await findUpload(before.avatarUploadId) : null;
    // Reserved names (docs/accounts.md) only for a member who may manage users; 409 when taken.
    if (values.username) await assertUsernameAvailable(values.username, current);
    const [updated] = await tx
      .update(schema.users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(schema.users.id, userId))
      .returning();
    if (!updated) throw notFound("Member not found");
    return { updated, previousAvatar };
  });
  // The old avatar's files go once nothing uses them (docs/uploads.md, "Garbage collection").
  if (previousAvatar && updated.avatarUploadId !== previousAvatar.id) await releaseUploads([previousAvatar.hash]);
  return updated;
}

/** The user columns for a new avatar (any picture this member uploaded, its avatar sizes made if need be) or none (null). */
async function avatarValues(userId: string, avatarUploadId: string | null): Promise<Partial<User>> {
  if (avatarUploadId === null) return { avatarUploadId: null, profileImageUrl: null };
  const upload = await prepareAvatarUpload({ ownerId: userId, uploadId: avatarUploadId });
  return { avatarUploadId: upload.id, profileImageUrl: avatarUrlOf(upload.hash) };
}
