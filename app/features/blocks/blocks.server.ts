/**
 * Blocking (Discourse's "ignore"): a member hides another member's posts, replies and comments
 * (collapsed, one click to show) and stops their notifications. The only code touching
 * user_blocks. docs/moderation.md ("Blocking") describes the rules.
 */
import { getDb } from "~/utils/db.server";
import { profileNameOf } from "~/utils/display-name";
import { getEnv } from "~/utils/env.server";
import { badRequest, notFound } from "~/utils/errors.server";
import { isModerator, type RoleHolder } from "~/utils/permissions";
import { parseOrThrow } from "~/utils/validation.server";
import { memberIdSchema } from "./schemas";

export const blockMessages = {
  self: "You cannot block yourself.",
  staff: "Moderators and admins cannot be blocked: every member needs to see what staff write.",
  unknown: "Member not found",
} as const;

type Blocker = { id: string };
type TargetRow = { id: string; displayName: string; firstName: string; lastName: string } & RoleHolder;

const parseMemberId = (memberId: unknown): string => parseOrThrow(memberIdSchema, memberId);

function findTarget(memberId: string): TargetRow {
  const row = getDb()
    .$client.prepare(`SELECT id, role, email, email_verified_at AS emailVerifiedAt, display_name AS displayName, first_name AS firstName, last_name AS lastName FROM users WHERE id = ?`)
    .get(memberId) as TargetRow | undefined;
  if (!row) throw notFound(blockMessages.unknown);
  return row;
}

const isStaff = (user: RoleHolder) => isModerator(user, getEnv().ADMIN_EMAIL);

/**
 * Blocks a member for the blocker. Idempotent: `created` is false when the block already
 * existed (the API answers 200 instead of 201). 400 for oneself or staff, 404 for an unknown id.
 */
export function blockMember({ blocker, memberId }: { blocker: Blocker; memberId: unknown }): { blocked: true; created: boolean; name: string } {
  const id = parseMemberId(memberId);
  if (id === blocker.id) throw badRequest(blockMessages.self);
  const target = findTarget(id);
  if (isStaff(target)) throw badRequest(blockMessages.staff);
  const result = getDb().$client.prepare(`INSERT INTO user_blocks (blocker_id, blocked_id) VALUES (?, ?) ON CONFLICT DO NOTHING`).run(blocker.id, id);
  return { blocked: true, created: result.changes > 0, name: profileNameOf(target) };
}

/** Removes a block (idempotent: unblocking someone not blocked is fine). 400 for oneself, 404 for an unknown id. */
export function unblockMember({ blocker, memberId }: { blocker: Blocker; memberId: unknown }): { blocked: false; name: string } {
  const id = parseMemberId(memberId);
  if (id === blocker.id) throw badRequest(blockMessages.self);
  const target = findTarget(id);
  getDb().$client.prepare(`DELETE FROM user_blocks WHERE blocker_id = ? AND blocked_id = ?`).run(blocker.id, id);
  return { blocked: false, name: profileNameOf(target) };
}

export type BlockedMember = { id: string; displayName: string; blockedAt: Date };

/** The members a member blocked, most recent first: id, public name and when (never an e-mail). */
export function listBlockedMembers(userId: string): BlockedMember[] {
  const rows = getDb()
    .$client.prepare(
      `SELECT u.id, u.display_name AS displayName, u.first_name AS firstName, u.last_name AS lastName, b.created_at AS blockedAt
       FROM user_blocks b JOIN users u ON u.id = b.blocked_id
       WHERE b.blocker_id = ? ORDER BY b.created_at DESC, u.id`,
    )
    .all(userId) as { id: string; displayName: string; firstName: string; lastName: string; blockedAt: number }[];
  return rows.map((row) => ({ id: row.id, displayName: profileNameOf(row), blockedAt: new Date(row.blockedAt) }));
}

/**
 * The ids whose content is collapsed for this member and whose actions do not notify them.
 * A blocked member who has since become staff is left out (staff cannot be blocked), though the
 * block stays listed so it can be removed.
 */
export function blockedIdsOf(userId: string): Set<string> {
  if (!userId) return new Set();
  const rows = getDb()
    .$client.prepare(`SELECT u.id, u.role, u.email, u.email_verified_at AS emailVerifiedAt FROM user_blocks b JOIN users u ON u.id = b.blocked_id WHERE b.blocker_id = ?`)
    .all(userId) as ({ id: string } & RoleHolder)[];
  return new Set(rows.filter((row) => !isStaff(row)).map((row) => row.id));
}

/** What a member's profile page shows the viewer: whether they blocked this member, and whether they may. */
export function getBlockState({ viewerId, memberId }: { viewerId: string; memberId: string }): { isBlocked: boolean; canBlock: boolean } {
  if (viewerId === memberId) return { isBlocked: false, canBlock: false };
  const row = getDb()
    .$client.prepare(
      `SELECT u.role, u.email, u.email_verified_at AS emailVerifiedAt, EXISTS (SELECT 1 FROM user_blocks WHERE blocker_id = ? AND blocked_id = u.id) AS isBlocked FROM users u WHERE u.id = ?`,
    )
    .get(viewerId, memberId) as (RoleHolder & { isBlocked: number }) | undefined;
  if (!row) return { isBlocked: false, canBlock: false };
  return { isBlocked: row.isBlocked === 1, canBlock: !isStaff(row) };
}
