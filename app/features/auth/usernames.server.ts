/** Finding free usernames and members by username (rules: ./usernames.ts, docs/discussions.md). */
import { eq, sql } from "drizzle-orm";
import { getPublicSettings } from "~/features/settings/index.server";
import { readDb, schema, type AppDatabase } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { literalLimit, lockRowForUpdate } from "~/utils/sql-dialect.server";
import { badRequest, conflict } from "~/utils/errors.server";
import { can, type RoleHolder } from "~/utils/permissions";
import type { User } from "../../../db/schema";
import { isReservedUsername, pickUsername, USERNAME_RESERVED, USERNAME_TAKEN, usernameBaseOf } from "./usernames";

/** The community's own names, reserved like RESERVED_USERNAMES: COMMUNITY_NAME and the footer's company name. */
async function communityNames(): Promise<string[]> {
  return [getEnv().COMMUNITY_NAME, (await getPublicSettings()).footer.companyName];
}

/** Whether a username is reserved here (the fixed list and the community's names; docs/accounts.md, "Reserved usernames"). */
export async function isReservedHere(username: string): Promise<boolean> {
  return isReservedUsername(username, await communityNames());
}

const usernameQuery = (db: AppDatabase, username: string) => db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, username)).limit(literalLimit(1));

function refuseUnavailable({ isReserved, isTaken, chooser }: { isReserved: boolean; isTaken: boolean; chooser?: RoleHolder | null }) {
  if (isReserved && !can(chooser, "users:manage", getEnv().ADMIN_EMAIL)) throw badRequest(USERNAME_RESERVED, { username: [USERNAME_RESERVED] });
  if (isTaken) throw conflict(USERNAME_TAKEN, { username: [USERNAME_TAKEN] });
}

/**
 * The check of a username a person chose (registration, Edit Profile, PUT /api/profile): 400 under
 * `username` when reserved, unless `chooser` may manage users (an admin may assign one); 409 when taken.
 */
export async function assertUsernameAvailable(username: string, chooser?: RoleHolder | null): Promise<void> {
  refuseUnavailable({ isReserved: await isReservedHere(username), isTaken: await isUsernameTaken(username), chooser });
}

/** A free username for a new member, from their display name ('ada_lovelace', then 'ada_lovelace2'…). */
export async function generateUsername(displayName: string): Promise<string> {
  const base = usernameBaseOf(displayName);
  const names = await communityNames();
  const isReserved = (candidate: string) => isReservedUsername(candidate, names);
  // One indexed range read of the names that start like the base pickUsername numbers (member_…
  // for a reserved one), instead of one query per try; a candidate shortened to fit its number
  // falls outside the range and is checked alone.
  const prefix = isReserved(base) ? `member_${base.slice(0, 9)}` : base;
  // Members signing up at once with one display name would pick the same next number: inside a
  // unit of work (registration's), they take turns on the names of that prefix (decision 0106).
  await lockRowForUpdate(readDb(), schema.users, `username:${prefix}`);
  const rows = await readDb()
    .select({ username: schema.users.username })
    .from(schema.users)
    .where(sql`${schema.users.username} >= ${prefix} AND ${schema.users.username} < ${`${prefix.slice(0, -1)}${String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)}`}`);
  const taken = new Set(rows.map((row) => row.username));
  for (;;) {
    const candidate = pickUsername(displayName, (name) => taken.has(name), isReserved);
    if (candidate.startsWith(prefix) || !(await isUsernameTaken(candidate))) return candidate;
    taken.add(candidate);
  }
}

async function isUsernameTaken(username: string): Promise<boolean> {
  const [row] = await usernameQuery(readDb(), username);
  return Boolean(row);
}

/** The member with this username (case-insensitive input), if any. */
export async function findUserByUsername(username: string): Promise<User | undefined> {
  const [user] = await readDb().select().from(schema.users).where(eq(schema.users.username, username.trim().toLowerCase())).limit(literalLimit(1));
  return user;
}
