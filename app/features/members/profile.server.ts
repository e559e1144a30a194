/** Editing one's own profile: the Edit Profile form and PUT /api/profile both call updateProfile. */
import { and, eq, ne, sql } from "drizzle-orm";
import { verifyPassword } from "~/features/auth/password.server";
import { getDb, schema } from "~/utils/db.server";
import { badRequest, conflict, notFound } from "~/utils/errors.server";
import type { User } from "../../../db/schema";
import { profileSchema } from "./schemas";

const PASSWORD_NEEDED = "Enter your current password to change your e-mail.";
const PASSWORD_WRONG = "Your current password is not correct.";
const USERNAME_TAKEN = "That username is taken. Please choose another.";

/**
 * Validates and saves the given profile fields of a member; throws 400 (with field errors), 404 or 409.
 * A new e-mail needs the member's current password (`currentPassword`) and records `emailChangedAt`,
 * so it can never grant ADMIN_EMAIL rights (docs/permissions.md).
 */
export async function updateProfile(userId: string, input: unknown): Promise<User> {
  const parsed = profileSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = parsed.error.flatten().fieldErrors as Record<string, string[]>;
    throw badRequest(Object.values(fieldErrors).flat()[0] ?? "Please check the form and try again.", fieldErrors);
  }
  const { bio, currentPassword, ...rest } = parsed.data;
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
  }
  return db.$client
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
      return updated;
    })
    .immediate();
}
