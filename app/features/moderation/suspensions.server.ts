/**
 * Suspensions and silencing (docs/moderation.md). A suspension signs the member out (their
 * sessions are deleted and `users.suspended_until` makes every request of theirs anonymous) and
 * refuses sign-in with the reason; a silence lets them read but not post, reply, comment or rate
 * (`assertMayContribute`). The profile page, Manage Users and /api/admin/users/{id}/suspension all
 * call these functions; each write runs in one IMMEDIATE transaction with its audit entry.
 */
import { recordAudit } from "~/features/audit/audit.server";
import { getDb, transaction } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { badRequest, forbidden, notFound } from "~/utils/errors.server";
import { can, isAdmin, isModerator } from "~/utils/permissions";
import { REASON_MAX_LENGTH, restrictionKinds, suspensionDays, type RestrictionKind, type SuspensionDays } from "./constants";
import { suspensionSchema, type SuspensionInput } from "./schemas";
import { parseOrThrow } from "~/utils/validation.server";
import type { ActorRef } from "~/utils/actor";

/** `users.suspended_until` of a suspension without an end: the last millisecond of year 9999. */
export const SUSPENDED_INDEFINITELY = new Date(Date.UTC(9999, 11, 31, 23, 59, 59, 999));

const DAY_MS = 24 * 60 * 60 * 1000;


/** An active suspension or silence, as moderators and the member see it. */
export type Restriction = {
  id: number;
  userId: string;
  kind: RestrictionKind;
  reason: string;
  startsAt: Date;
  /** Null: until a moderator lifts it. */
  endsAt: Date | null;
  createdBy: string | null;
};

type RestrictionRow = { id: number; userId: string; kind: RestrictionKind; reason: string; startsAt: number; endsAt: number | null; createdBy: string | null };

const RESTRICTION_COLUMNS = `id, user_id AS userId, kind, reason, starts_at AS startsAt, ends_at AS endsAt, created_by AS createdBy`;
const IS_ACTIVE = `lifted_at IS NULL AND (ends_at IS NULL OR ends_at > @now)`;

function toRestriction(row: RestrictionRow): Restriction {
  return { ...row, startsAt: new Date(row.startsAt), endsAt: row.endsAt === null ? null : new Date(row.endsAt) };
}

/** The member's active suspension or silence, or null (one indexed lookup). */
export function activeRestrictionOf(userId: string, now = new Date()): Restriction | null {
  const row = getDb()
    .$client.prepare(`SELECT ${RESTRICTION_COLUMNS} FROM suspensions WHERE user_id = @userId AND ${IS_ACTIVE} ORDER BY id DESC LIMIT 1`)
    .get({ userId, now: now.getTime() }) as RestrictionRow | undefined;
  return row ? toRestriction(row) : null;
}

/** The active restrictions of several members at once (one query), by user id: for Manage Users. */
export function activeRestrictionsOf(userIds: readonly string[], now = new Date()): Map<string, Restriction> {
  const byUser = new Map<string, Restriction>();
  if (userIds.length === 0) return byUser;
  const rows = getDb()
    .$client.prepare(
      `SELECT ${RESTRICTION_COLUMNS} FROM suspensions
        WHERE user_id IN (SELECT value FROM json_each(@ids)) AND ${IS_ACTIVE}
        ORDER BY id`,
    )
    .all({ ids: JSON.stringify(userIds), now: now.getTime() }) as RestrictionRow[];
  for (const row of rows) byUser.set(row.userId, toRestriction(row));
  return byUser;
}

/** "30 Nov 2026, 14:05 UTC" in the community's time zone. */
export function formatRestrictionEnd(date: Date): string {
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: getEnv().COMMUNITY_TIMEZONE,
    timeZoneName: "short",
  }).format(date);
}

/** "until 30 Nov 2026, 14:05 UTC" or "until it is lifted by a moderator". */
export function describeRestrictionEnd(endsAt: Date | null): string {
  return endsAt ? `until ${formatRestrictionEnd(endsAt)}` : "until it is lifted by a moderator";
}

/** What the member reads: "Your account is suspended until 30 Nov 2026, 14:05 UTC: <reason>". */
export function restrictionMessage(restriction: Pick<Restriction, "kind" | "endsAt" | "reason">): string {
  const state = restriction.kind === "suspend" ? "suspended" : "silenced";
  return `Your account is ${state} ${describeRestrictionEnd(restriction.endsAt)}: ${restriction.reason}`;
}

/**
 * Sign-in refuses a suspended member with 403 and the reason. Called only once the password is
 * verified, so nobody without it learns that the account is suspended, or why.
 */
export function assertNotSuspended(user: { id: string; suspendedUntil: Date | null }): void {
  if (!user.suspendedUntil || user.suspendedUntil.getTime() <= Date.now()) return;
  const restriction = activeRestrictionOf(user.id);
  if (restriction?.kind === "suspend") throw forbidden(restrictionMessage(restriction));
}

type TargetRow = { id: string; email: string; emailVerifiedAt: Date | null; role: string; displayName: string };

function findTarget(userId: string): TargetRow | undefined {
  return getDb().$client.prepare(`SELECT id, email, email_verified_at AS emailVerifiedAt, role, display_name AS displayName FROM users WHERE id = ?`).get(userId) as TargetRow | undefined;
}

/**
 * Who may restrict whom (docs/permissions.md): moderators and admins, never themselves, never an
 * ADMIN_EMAIL account; moderators not other moderators or admins. The reason for a refusal, or null.
 */
function refusalFor(actor: TargetRow, target: TargetRow): string | null {
  const adminEmails = getEnv().ADMIN_EMAIL;
  if (!can(actor, "members:suspend", adminEmails)) return "You need moderator rights to do this.";
  if (target.id === actor.id) return "You cannot suspend or silence yourself.";
  if (adminEmails.includes(target.email.toLowerCase())) return "This account's admin rights come from ADMIN_EMAIL: it cannot be suspended or silenced.";
  if (!isAdmin(actor, adminEmails) && isModerator(target, adminEmails)) return "Moderators cannot suspend or silence other moderators or admins: ask an admin.";
  return null;
}

/** Checks the actor (re-read inside the transaction, so rights removed a moment ago no longer count) against the target. */
function guardRestriction(actor: ActorRef, userId: string): TargetRow {
  const current = findTarget(actor.id);
  if (!current) throw forbidden("You need moderator rights to do this.");
  const target = findTarget(userId);
  if (!target) throw notFound("User not found.");
  const refusal = refusalFor(current, target);
  if (refusal) throw forbidden(refusal);
  return target;
}

/**
 * The profile page's moderation section: the member's active restriction and whether this viewer
 * may change it (with the reason when not). Null when the viewer holds no members:suspend.
 */
export function moderationPanelFor(viewer: ActorRef, userId: string) {
  const current = findTarget(viewer.id);
  const target = findTarget(userId);
  if (!current || !target || !can(current, "members:suspend", getEnv().ADMIN_EMAIL)) return null;
  const restriction = activeRestrictionOf(userId);
  return { restriction: restriction ? toRestrictionView(restriction) : null, refusal: refusalFor(current, target) };
}

function validateRestriction({ kind, days, reason }: { kind: unknown; days: unknown; reason: unknown }) {
  if (!restrictionKinds.includes(kind as RestrictionKind)) throw badRequest("Choose suspend or silence.", { kind: ["Choose suspend or silence."] });
  if (!(days === null || suspensionDays.includes(days as 1 | 7 | 30))) {
    const message = "Choose a duration: 1, 7 or 30 days, or until lifted.";
    throw badRequest(message, { days: [message] });
  }
  const text = typeof reason === "string" ? reason.trim() : "";
  if (text === "") throw badRequest("Give a reason: the member sees it.", { reason: ["Give a reason: the member sees it."] });
  if (text.length > REASON_MAX_LENGTH) {
    const message = `Keep the reason to ${REASON_MAX_LENGTH} characters or fewer.`;
    throw badRequest(message, { reason: [message] });
  }
  return { kind: kind as RestrictionKind, days: days as SuspensionDays, reason: text };
}

/** Parses a suspension form or /api body ({ kind, days, reason }), or throws a 400 with the field messages. */
export function parseSuspensionInput(input: unknown): SuspensionInput {
  return parseOrThrow(suspensionSchema, input);
}

/** Ends the member's active restrictions (lifted or replaced); returns how many there were. */
function endActiveRestrictions(userId: string, actorId: string, now: number): number {
  return getDb()
    .$client.prepare(`UPDATE suspensions SET lifted_at = @now, lifted_by = @actorId WHERE user_id = @userId AND ${IS_ACTIVE}`)
    .run({ userId, actorId, now }).changes;
}

function durationLabel(days: SuspensionDays): string {
  return days === null ? "until lifted" : `${days} day${days === 1 ? "" : "s"}`;
}

/**
 * Suspends or silences a member for 1, 7 or 30 days or until lifted, with a reason; a new
 * restriction replaces an active one. Suspending deletes the member's sessions. Audited.
 * 400 bad input, 403 not allowed (see guardRestriction), 404 unknown user.
 */
export function suspendMember(input: { actor: ActorRef; userId: string; kind: RestrictionKind; days: SuspensionDays; reason: string }): Restriction {
  const { kind, days, reason } = validateRestriction(input);
  const { actor, userId } = input;
  return transaction((db) => {
    const target = guardRestriction(actor, userId);
    const sqlite = db.$client;
    const now = Date.now();
    const replaced = endActiveRestrictions(userId, actor.id, now);
    const endsAt = days === null ? null : now + days * DAY_MS;
    const row = sqlite
      .prepare(
        `INSERT INTO suspensions (user_id, kind, reason, starts_at, ends_at, created_by) VALUES (?, ?, ?, ?, ?, ?) RETURNING ${RESTRICTION_COLUMNS}`,
      )
      .get(userId, kind, reason, now, endsAt, actor.id) as RestrictionRow;
    const suspendedUntil = kind === "suspend" ? (endsAt ?? SUSPENDED_INDEFINITELY.getTime()) : null;
    sqlite.prepare(`UPDATE users SET suspended_until = ? WHERE id = ?`).run(suspendedUntil, userId);
    if (kind === "suspend") sqlite.prepare(`DELETE FROM sessions WHERE user_id = ?`).run(userId);
    recordAudit({
      actor,
      action: kind === "suspend" ? "user.suspended" : "user.silenced",
      targetType: "user",
      targetId: userId,
      summary: `${target.email}: ${durationLabel(days)}${replaced ? " (replaces the active one)" : ""}: ${reason}`,
    });
    return toRestriction(row);
  });
}

/** Lifts the member's active suspension or silence early. Audited. 403 not allowed, 404 unknown user or nothing active. */
export function liftSuspension({ actor, userId }: { actor: ActorRef; userId: string }): Restriction {
  return transaction((db) => {
    const target = guardRestriction(actor, userId);
    const active = activeRestrictionOf(userId);
    if (!active) throw notFound("This member is not suspended or silenced.");
    endActiveRestrictions(userId, actor.id, Date.now());
    db.$client.prepare(`UPDATE users SET suspended_until = NULL WHERE id = ?`).run(userId);
    recordAudit({
      actor,
      action: active.kind === "suspend" ? "user.suspension_lifted" : "user.silence_lifted",
      targetType: "user",
      targetId: userId,
      summary: `${target.email}: ${active.reason}`,
    });
    return active;
  });
}

/** What a restriction looks like on a page or in /api: the end already written out. */
export function toRestrictionView(restriction: Restriction) {
  return {
    kind: restriction.kind,
    reason: restriction.reason,
    endsAt: restriction.endsAt ? restriction.endsAt.toISOString() : null,
    /** "until 30 Nov 2026, 14:05 UTC" / "until it is lifted by a moderator". */
    until: describeRestrictionEnd(restriction.endsAt),
  };
}

