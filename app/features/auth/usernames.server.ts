/** Finding free usernames and members by username (rules: ./usernames.ts, docs/discussions.md). */
import { eq, sql } from "drizzle-orm";
import { getPublicSettingsSync } from "~/features/settings/index.server";
import { getDb, schema } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { badRequest, conflict } from "~/utils/errors.server";
import { can, type RoleHolder } from "~/utils/permissions";
import type { User } from "../../../db/schema";
import { isReservedUsername, pickUsername, USERNAME_RESERVED, USERNAME_TAKEN, usernameBaseOf } from "./usernames";

/** The community's own names, reserved like RESERVED_USERNAMES: COMMUNITY_NAME and the footer's company name. */
function communityNames(): string[] {
  return [getEnv().COMMUNITY_NAME, getPublicSettingsSync().footer.companyName];
}

/** Whether a username is reserved here (the fixed list and the community's names; docs/accounts.md, "Reserved usernames"). */
export function isReservedHere(username: string): boolean {
  return isReservedUsername(username, communityNames());
}

/**
 * The check of a username a person chose (registration, Edit Profile, PUT /api/profile): 400 under
 * `username` when reserved, unless `chooser` may manage users (an admin may assign one); 409 when taken.
 */
export function assertUsernameAvailable(username: string, chooser?: RoleHolder | null): void {
  if (isReservedHere(username) && !can(chooser, "users:manage", getEnv().ADMIN_EMAIL)) throw badRequest(USERNAME_RESERVED, { username: [USERNAME_RESERVED] });
  if (isUsernameTaken(username)) throw conflict(USERNAME_TAKEN, { username: [USERNAME_TAKEN] });
}

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
  return pickUsername(displayName, (candidate) => taken.has(candidate) || isUsernameTaken(candidate), isReservedHere);
}

function isUsernameTaken(username: string): boolean {
  return Boolean(getDb().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, username)).get());
}

/** The member with this username (case-insensitive input), if any. */
export function findUserByUsername(username: string): User | undefined {
  return getDb().select().from(schema.users).where(eq(schema.users.username, username.trim().toLowerCase())).get();
}
