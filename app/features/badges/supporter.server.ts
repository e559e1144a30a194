/**
 * Supporter is the one badge the engine cannot see in the history: an admin grants it to a
 * member who donated or became a patron (recorded in the ledger as `supporter_granted`, so a
 * recompute keeps it), and may revoke a grant made by mistake.
 */
import { and, eq, inArray } from "drizzle-orm";
import { recordAudit } from "~/features/audit/index.server";
import { recordContribution, revokeContribution } from "~/features/gamification/index.server";
import { readDb, schema, write, type AppDatabase } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { forbidden, notFound } from "~/utils/errors.server";
import { displayNameOf } from "~/utils/display-name";
import { can, type RoleHolder } from "~/utils/permissions";
import type { Actor } from "~/utils/actor";
import { literalLimit } from "~/utils/sql-dialect.server";

async function requireMember(db: AppDatabase, userId: string) {
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, userId)).limit(literalLimit(1));
  if (!user) throw notFound("Member not found");
  return user;
}

function requireUserManager(actor: Pick<Actor, "id" | keyof RoleHolder>) {
  if (!can(actor, "users:manage", getEnv().ADMIN_EMAIL)) throw forbidden();
}

/**
 * Grants the Supporter badge (admins only; idempotent); the member is notified and the grant audited.
 * `now`: when (default now; the demo community replays its history at its own dates).
 */
export async function grantSupporterBadge(actor: Pick<Actor, "id" | keyof RoleHolder>, userId: string, now = new Date()): Promise<void> {
  requireUserManager(actor);
  await write(async (tx) => {
    const member = await requireMember(tx, userId);
    await recordContribution({ userId, kind: "supporter_granted", subjectId: "supporter", at: now });
    await recordAudit({ actor, action: "badge.supporter_granted", targetType: "user", targetId: userId, summary: `Supporter badge granted to ${displayNameOf(member)}`, at: now });
  });
}

/** Revokes a Supporter grant (admins only): unlike an undone contribution, the earned badge goes too. */
export async function revokeSupporterBadge(actor: Pick<Actor, "id" | keyof RoleHolder>, userId: string): Promise<void> {
  requireUserManager(actor);
  await write(async (tx) => {
    const member = await requireMember(tx, userId);
    await revokeContribution({ userId, kind: "supporter_granted", subjectId: "supporter" });
    const supporterBadges = tx.select({ id: schema.badges.id }).from(schema.badges).where(eq(schema.badges.type, "supporter"));
    await tx.delete(schema.userBadges).where(and(eq(schema.userBadges.userId, userId), inArray(schema.userBadges.badgeId, supporterBadges)));
    await recordAudit({ actor, action: "badge.supporter_revoked", targetType: "user", targetId: userId, summary: `Supporter badge revoked from ${displayNameOf(member)}` });
  });
}

/** The members among `userIds` holding the Supporter badge. */
const supporterRows = (userIds: readonly string[]) =>
  readDb()
    .select({ userId: schema.userBadges.userId })
    .from(schema.userBadges)
    .innerJoin(schema.badges, eq(schema.badges.id, schema.userBadges.badgeId))
    .where(and(inArray(schema.userBadges.userId, [...userIds]), eq(schema.badges.type, "supporter"), eq(schema.userBadges.isCompleted, true)));

/** Whether a member holds the Supporter badge (for an admin's grant/revoke button). */
export async function isSupporter(userId: string): Promise<boolean> {
  return (await supporterRows([userId]).limit(literalLimit(1))).length > 0;
}

/** Which of these members hold the Supporter badge, in one query (for a page of the admin's user list). */
export async function supporterIdsAmong(userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  return new Set((await supporterRows(userIds)).map((row) => row.userId));
}
