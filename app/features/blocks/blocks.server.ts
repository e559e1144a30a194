/**
 * Blocking (Discourse's "ignore"): a member hides another member's posts, replies and comments
 * (collapsed, one click to show) and stops their notifications. The only code touching
 * user_blocks. docs/moderation.md ("Blocking") describes the rules.
 */
import { and, asc, desc, eq, exists, inArray, or, sql } from "drizzle-orm";
import { readDb, schema, write, type AppDatabase } from "~/utils/db.server";
import { perDatabase } from "~/utils/statement-cache.server";
import { profileNameOf } from "~/utils/display-name";
import { getEnv } from "~/utils/env.server";
import { badRequest, notFound } from "~/utils/errors.server";
import { isModerator, type RoleHolder } from "~/utils/permissions";
import { parseOrThrow } from "~/utils/validation.server";
import { memberIdSchema } from "./schemas";
import { literalLimit } from "~/utils/sql-dialect.server";

export const blockMessages = {
  self: "You cannot block yourself.",
  staff: "Moderators and admins cannot be blocked: every member needs to see what staff write.",
  unknown: "Member not found",
} as const;

type Blocker = { id: string };
const { users, userBlocks } = schema;
const roleColumns = { role: users.role, email: users.email, emailVerifiedAt: users.emailVerifiedAt };

/** Made once per database: the blocked ids are read on every page that lists content or notifies. */
const blockQueries = perDatabase((db: AppDatabase) => {
  const param = sql.placeholder;
  return {
    blockedBy: db
      .select({ id: users.id, ...roleColumns })
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.blockedId))
      .where(eq(userBlocks.blockerId, param("userId")))
      .prepare(),
    state: db
      .select({
        ...roleColumns,
        isBlocked: exists(
          db
            .select({ one: sql`1` })
            .from(userBlocks)
            .where(and(eq(userBlocks.blockerId, param("viewerId")), eq(userBlocks.blockedId, users.id))),
        ).mapWith(Boolean),
      })
      .from(users)
      .where(eq(users.id, param("memberId")))
      .prepare(),
  };
});

const parseMemberId = (memberId: unknown): string => parseOrThrow(memberIdSchema, memberId);

async function findTarget(memberId: string) {
  const [row] = await readDb()
    .select({ id: users.id, ...roleColumns, displayName: users.displayName, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, memberId))
    .limit(literalLimit(1));
  if (!row) throw notFound(blockMessages.unknown);
  return row;
}

const isStaff = (user: RoleHolder) => isModerator(user, getEnv().ADMIN_EMAIL);

/**
 * Blocks a member for the blocker. Idempotent: `created` is false when the block already
 * existed (the API answers 200 instead of 201). 400 for oneself or staff, 404 for an unknown id.
 */
export async function blockMember({ blocker, memberId }: { blocker: Blocker; memberId: unknown }): Promise<{ blocked: true; created: boolean; name: string }> {
  const id = parseMemberId(memberId);
  if (id === blocker.id) throw badRequest(blockMessages.self);
  return write(async (tx) => {
    const target = await findTarget(id);
    if (isStaff(target)) throw badRequest(blockMessages.staff);
    const inserted = await tx.insert(userBlocks).values({ blockerId: blocker.id, blockedId: id }).onConflictDoNothing().returning({ blockedId: userBlocks.blockedId });
    return { blocked: true, created: inserted.length > 0, name: profileNameOf(target) };
  });
}

/** Removes a block (idempotent: unblocking someone not blocked is fine). 400 for oneself, 404 for an unknown id. */
export async function unblockMember({ blocker, memberId }: { blocker: Blocker; memberId: unknown }): Promise<{ blocked: false; name: string }> {
  const id = parseMemberId(memberId);
  if (id === blocker.id) throw badRequest(blockMessages.self);
  const target = await findTarget(id);
  await write((tx) => tx.delete(userBlocks).where(and(eq(userBlocks.blockerId, blocker.id), eq(userBlocks.blockedId, id))));
  return { blocked: false, name: profileNameOf(target) };
}

export type BlockedMember = { id: string; displayName: string; blockedAt: Date };

/** The members a member blocked, most recent first: id, public name and when (never an e-mail). */
export async function listBlockedMembers(userId: string): Promise<BlockedMember[]> {
  const rows = await readDb()
    .select({ id: users.id, displayName: users.displayName, firstName: users.firstName, lastName: users.lastName, blockedAt: userBlocks.createdAt })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, userId))
    .orderBy(desc(userBlocks.createdAt), asc(users.id));
  return rows.map((row) => ({ id: row.id, displayName: profileNameOf(row), blockedAt: row.blockedAt }));
}

/**
 * The ids whose content is collapsed for this member and whose actions do not notify them.
 * A blocked member who has since become staff is left out (staff cannot be blocked), though the
 * block stays listed so it can be removed.
 */
export async function blockedIdsOf(userId: string): Promise<Set<string>> {
  if (!userId) return new Set();
  const rows = await blockQueries(readDb()).blockedBy.execute({ userId });
  return new Set(rows.filter((row) => !isStaff(row)).map((row) => row.id));
}

/** What a member's profile page shows the viewer: whether they blocked this member, and whether they may. */
export async function getBlockState({ viewerId, memberId }: { viewerId: string; memberId: string }): Promise<{ isBlocked: boolean; canBlock: boolean }> {
  if (viewerId === memberId) return { isBlocked: false, canBlock: false };
  const [row] = await blockQueries(readDb()).state.execute({ viewerId, memberId });
  if (!row) return { isBlocked: false, canBlock: false };
  return { isBlocked: row.isBlocked, canBlock: !isStaff(row) };
}

/**
 * The blocks either way between a member and some others (private messages refuse both
 * directions, docs/messages.md): which of `otherIds` blocked the member, and which the member blocked.
 */
export async function blocksBetween(userId: string, otherIds: readonly string[]): Promise<{ blockedBy: Set<string>; blocked: Set<string> }> {
  const blockedBy = new Set<string>();
  const blocked = new Set<string>();
  if (otherIds.length === 0) return { blockedBy, blocked };
  const ids = [...otherIds];
  const rows = await readDb()
    .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .where(or(and(eq(userBlocks.blockerId, userId), inArray(userBlocks.blockedId, ids)), and(eq(userBlocks.blockedId, userId), inArray(userBlocks.blockerId, ids))));
  for (const row of rows) {
    if (row.blockedId === userId) blockedBy.add(row.blockerId);
    else blocked.add(row.blockedId);
  }
  return { blockedBy, blocked };
}
