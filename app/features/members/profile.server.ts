/** Editing one's own profile: the Edit Profile form and PUT /api/profile both call updateProfile. */
import { and, eq, ne, sql } from "drizzle-orm";
import { sendVerificationEmail } from "~/features/auth/email-verification.server";
import { verifyPassword } from "~/features/auth/password.server";
import { avatarUrlOf } from "~/utils/upload-urls";
import { findUpload, releaseUploads } from "~/features/uploads/uploads.server";
import { getDb, schema } from "~/utils/db.server";
import { badRequest, conflict, notFound } from "~/utils/errors.server";
import type { User } from "../../../db/schema";
import { profileSchema } from "./schemas";
import { validationError } from "~/utils/validation.server";

const PASSWORD_NEEDED = "Enter your current password to change your e-mail.";
const PASSWORD_WRONG = "Your current password is not correct.";
const USERNAME_TAKEN = "That username is taken. Please choose another.";

/**
 * Validates and saves the given profile fields of a member; throws 400 (with field errors), 404 or 409.
 * A new e-mail needs the member's current password (`currentPassword`), records `emailChangedAt`
 * and is unverified until the member follows the link sent to it, so it can never grant
 * ADMIN_EMAIL rights by itself (docs/permissions.md, docs/accounts.md).
 */
export async function updateProfile(userId: string, input: unknown): Promise<User> {
  const parsed = profileSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const { bio, currentPassword, avatarUploadId, ...rest } = parsed.data;
  const values = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)) as Partial<User>;
  if ("bio" in (input as object)) values.bio = bio ?? null;
  const db = getDb();
  const current = db.select().from(schema.users).where(eq(schema.users.id, userId)).get();
  if (!current) throw notFound("Member not found");
  if (values.email !== undefined && values.email === current.email.toLowerCase()) delete values.email;
  if (values.username === current.username) delete values.username;
  if (values.email !== undefined) {
    if (!currentPassword) throw badRequest(PASSWORD_NEEDED, { currentPassword: [PASSWORD_NEEDED] });
    if (!(await verifyPassword(currentPassword, current.password))) throw badRequest(PASSWORD_WRONG, { currentPassword: [PASSWORD_WRONG] });
    values.emailChangedAt = new Date();
    values.emailVerifiedAt = null;
  }
  const previousAvatar = current.avatarUploadId ? findUpload(current.avatarUploadId) : null;
  if (avatarUploadId !== undefined) Object.assign(values, avatarValues(userId, avatarUploadId));
  const updated = db.$client
    .transaction(() => {
      if (values.email) {
        const taken = db
          .select({ id: schema.users.id })
          .from(schema.users)
          .where(and(sql`lower(${schema.users.email}) = ${values.email}`, ne(schema.users.id, userId)))
          .get();
        if (taken) throw conflict("That email is already used by another account.", { email: ["That email is already used by another account."] });
      }
      if (values.username) {
        const taken = db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, values.username)).get();
        if (taken) throw conflict(USERNAME_TAKEN, { username: [USERNAME_TAKEN] });
      }
      const updated = db
        .update(schema.users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(schema.users.id, userId))
        .returning()
        .get();
      if (!updated) throw notFound("Member not found");
      if (values.email) sendVerificationEmail(updated);
      return updated;
    })
    .immediate();
  // The old avatar's files go once nothing uses them (docs/uploads.md, "Garbage collection").
  if (previousAvatar && updated.avatarUploadId !== previousAvatar.id) await releaseUploads([previousAvatar.hash]);
  return updated;
}

const AVATAR_NOT_USABLE = "Upload the picture as an avatar first (POST /api/uploads with kind=avatar).";

/** The user columns for a new avatar (an avatar upload of this member) or none (null). */
function avatarValues(userId: string, avatarUploadId: string | null): Partial<User> {
  if (avatarUploadId === null) return { avatarUploadId: null, profileImageUrl: null };
  const upload = findUpload(avatarUploadId);
  if (!upload || upload.ownerId !== userId || upload.kind !== "avatar") throw badRequest(AVATAR_NOT_USABLE, { avatarUploadId: [AVATAR_NOT_USABLE] });
  return { avatarUploadId: upload.id, profileImageUrl: avatarUrlOf(upload.hash) };
}
