/**
 * Suspensions and silencing (docs/moderation.md). A suspension signs the member out (their
 * sessions are deleted and `users.suspended_until` makes every request of theirs anonymous) and
 * refuses sign-in with the reason; a silence lets them read but not post, reply, comment or rate
 * (`assertMayContribute`). The profile page, Manage Users and /api/admin/users/{id}/suspension all
 * call these functions; each write runs in one unit of work with its audit entry (decision 0102).
 */
import { recordAudit } from "~/features/audit/index.server";
import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { readDb, schema, write, type AppDatabase } from "~/utils/db.server";
import { perDatabase } from "~/utils/statement-cache.server";
import { getEnv } from "~/utils/env.server";
import { badRequest, forbidden, notFound } from "~/utils/errors.server";
import { can, isAdmin, isModerator } from "~/utils/permissions";
import { REASON_MAX_LENGTH, restrictionKinds, suspensionDays, type RestrictionKind, type SuspensionDays } from "./constants";
import { isSuspendedAt } from "./suspended.server";
import { suspensionSchema, type SuspensionInput } from "./schemas";
import { parseOrThrow } from "~/utils/validation.server";
import type { ActorRef } from "~/utils/actor";
import { literalLimit } from "~/utils/sql-dialect.server";

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

const { suspensions, users, sessions } = schema;

const restrictionColumns = {
  id: suspensions.id,
  userId: suspensions.userId,
  kind: suspensions.kind,
  reason: suspensions.reason,
  startsAt: suspensions.startsAt,
  endsAt: suspensions.endsAt,
  createdBy: suspensions.createdBy,
};

/** Not lifted and not ended by `now` (a Date, or a placeholder bound to milliseconds). */
const isActive = (now: Date | ReturnType<typeof sql.placeholder>) => and(isNull(suspensions.liftedAt), or(isNull(suspensions.endsAt), gt(suspensions.endsAt, now)));

/** Made once per database: every contribution asks whether its author is silenced (assertMayContribute). */
const restrictionQueries = perDatabase((db: AppDatabase) => {
  const param = sql.placeholder;
  return {
    active: db
      .select(restrictionColumns)
      .from(suspensions)
      .where(and(eq(suspensions.userId, param("userId")), isActive(param("now"))))
      .orderBy(desc(suspensions.id))
      .limit(literalLimit(1))
      .prepare(),
    target: db
      .select({ id: users.id, email: users.email, emailVerifiedAt: users.emailVerifiedAt, role: users.role, displayName: users.displayName })
      .from(users)
      .where(eq(users.id, param("userId")))
      .prepare(),
  };
});

/** The member's active suspension or silence, or null (one indexed lookup). */
export async function activeRestrictionOf(userId: string, now = new Date()): Promise<Restriction | null> {
  const [row] = await restrictionQueries(readDb()).active.execute({ userId, now: now.getTime() });
  return row ?? null;
}

/** The active restrictions of several members at once (one query), by user id: for Manage Users. */
export async function activeRestrictionsOf(userIds: readonly string[], now = new Date()): Promise<Map<string, Restriction>> {
  const byUser = new Map<string, Restriction>();
  if (userIds.length === 0) return byUser;
  const rows = await readDb()
    .select(restrictionColumns)
    .from(suspensions)
    .where(and(inArray(suspensions.userId, [...userIds]), isActive(now)))
    .orderBy(asc(suspensions.id));
  for (const row of rows) byUser.set(row.userId, row);
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
export async function assertNotSuspended(user: { id: string; suspendedUntil: Date | null }): Promise<void> {
  if (!isSuspendedAt(user.suspendedUntil)) return;
  const restriction = await activeRestrictionOf(user.id);
  if (restriction?.kind === "suspend") throw forbidden(restrictionMessage(restriction));
}

type TargetRow = { id: string; email: string; emailVerifiedAt: Date | null; role: string; displayName: string };

async function findTarget(userId: string): Promise<TargetRow | undefined> {
  const [row] = await restrictionQueries(readDb()).target.execute({ userId });
  return row;
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
async function guardRestriction(actor: ActorRef, userId: string): Promise<TargetRow> {
  const current = await findTarget(actor.id);
  if (!current) throw forbidden("You need moderator rights to do this.");
  const target = await findTarget(userId);
  if (!target) throw notFound("User not found.");
  const refusal = refusalFor(current, target);
  if (refusal) throw forbidden(refusal);
  return target;
}

/**
 * The profile page's moderation section: the member's active restriction and whether this viewer
 * may change it (with the reason when not). Null when the viewer holds no members:suspend.
 */
export async function moderationPanelFor(viewer: ActorRef, userId: string) {
  const current = await findTarget(viewer.id);
  const target = await findTarget(userId);
  if (!current || !target || !can(current, "members:suspend", getEnv().ADMIN_EMAIL)) return null;
  const restriction = await activeRestrictionOf(userId);
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
async function endActiveRestrictions(tx: AppDatabase, userId: string, actorId: string, now: Date): Promise<number> {
  const ended = await tx
    .update(suspensions)
    .set({ liftedAt: now, liftedBy: actorId })
    .where(and(eq(suspensions.userId, userId), isActive(now)))
    .returning({ id: suspensions.id });
  return ended.length;
}

function durationLabel(days: SuspensionDays): string {
  return days === null ? "until lifted" : `${days} day${days === 1 ? "" : "s"}`;
}

/**
 * Suspends or silences a member for 1, 7 or 30 days or until lifted, with a reason; a new
 * restriction replaces an active one. Suspending deletes the member's sessions. Audited.
 * 400 bad input, 403 not allowed (see guardRestriction), 404 unknown user.
 */
export async function suspendMember(input: { actor: ActorRef; userId: string; kind: RestrictionKind; days: SuspensionDays; reason: string }): Promise<Restriction> {
  const { kind, days, reason } = validateRestriction(input);
  const { actor, userId } = input;
  return write(async (tx) => {
    const target = await guardRestriction(actor, userId);
    const now = new Date();
    const replaced = await endActiveRestrictions(tx, userId, actor.id, now);
    const endsAt = days === null ? null : new Date(now.getTime() + days * DAY_MS);
    const [row] = await tx.insert(suspensions).values({ userId, kind, reason, startsAt: now, endsAt, createdBy: actor.id }).returning(restrictionColumns);
    const suspendedUntil = kind === "suspend" ? (endsAt ?? SUSPENDED_INDEFINITELY) : null;
    await tx.update(users).set({ suspendedUntil }).where(eq(users.id, userId));
    if (kind === "suspend") await tx.delete(sessions).where(eq(sessions.userId, userId));
    await recordAudit({
      actor,
      action: kind === "suspend" ? "user.suspended" : "user.silenced",
      targetType: "user",
      targetId: userId,
      summary: `${target.email}: ${durationLabel(days)}${replaced ? " (replaces the active one)" : ""}: ${reason}`,
    });
    return row;
  });
}

/** Lifts the member's active suspension or silence early. Audited. 403 not allowed, 404 unknown user or nothing active. */
export async function liftSuspension({ actor, userId }: { actor: ActorRef; userId: string }): Promise<Restriction> {
  return write(async (tx) => {
    const target = await guardRestriction(actor, userId);
    const active = await activeRestrictionOf(userId);
    if (!active) throw notFound("This member is not suspended or silenced.");
    await endActiveRestrictions(tx, userId, actor.id, new Date());
    await tx.update(users).set({ suspendedUntil: null }).where(eq(users.id, userId));
    await recordAudit({
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

