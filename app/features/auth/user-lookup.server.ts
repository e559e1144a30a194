/**
 * Looking a member up by id or e-mail address: below sign-in, e-mail verification, e-mail change
 * and password reset, which all need it (so none of them imports another for it).
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { readDb, schema, type AppDatabase } from "~/utils/db.server";
import { perDatabase } from "~/utils/statement-cache.server";
import type { User } from "../../../db/schema";
import { literalLimit } from "~/utils/sql-dialect.server";

export const EMAIL_IN_USE = "That e-mail address is already in use by another account.";

/** Finds a user by e-mail, case-insensitively. */
export async function findUserByEmail(email: string): Promise<User | undefined> {
  const [user] = await readDb()
    .select()
    .from(schema.users)
    .where(sql`lower(${schema.users.email}) = ${email.trim().toLowerCase()}`)
    .limit(literalLimit(1));
  return user;
}

/** Every signed-in request looks its member up: prepared once per database (app/utils/statement-cache.server.ts). */
const userById = perDatabase((db: AppDatabase) =>
  db
    .select()
    .from(schema.users)
    .where(eq(schema.users.id, sql.placeholder("id")))
    .prepare(),
);

/** The user with this id, if any. */
export async function findUserById(id: string): Promise<User | undefined> {
  const [user] = await userById(readDb()).execute({ id });
  return user;
}

/** Whether another account than `userId` uses this address (case-insensitive). */
export async function isEmailUsedByOther(email: string, userId: string): Promise<boolean> {
  const [row] = await readDb()
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(sql`lower(${schema.users.email}) = ${email.trim().toLowerCase()}`, ne(schema.users.id, userId)))
    .limit(literalLimit(1));
  return Boolean(row);
}
