/** Finding free usernames and members by username (rules: ./usernames.ts, docs/discussions.md). */
import { eq, sql } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import type { User } from "../../../db/schema";
import { pickUsername, usernameBaseOf } from "./usernames";

/** A free username for a new member, from their display name ('ada_lovelace', then 'ada_lovelace2'…). */
export function generateUsername(displayName: string): string {
  const base = usernameBaseOf(displayName);
  // One indexed range read of the names that start like the base, instead of one query per try.
  const taken = new Set(
    getDb()
      .select({ username: schema.users.username })
      .from(schema.users)
      .where(sql`${schema.users.username} >= ${base} AND ${schema.users.username} < ${`${base.slice(0, -1)}${String.fromCharCode(base.charCodeAt(base.length - 1) + 1)}`}`)
      .all()
      .map((row) => row.username),
  );
  return pickUsername(displayName, (candidate) => taken.has(candidate) || isUsernameTaken(candidate));
}

function isUsernameTaken(username: string): boolean {
  return Boolean(getDb().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, username)).get());
}

/** The member with this username (case-insensitive input), if any. */
export function findUserByUsername(username: string): User | undefined {
  return getDb().select().from(schema.users).where(eq(schema.users.username, username.trim().toLowerCase())).get();
}
