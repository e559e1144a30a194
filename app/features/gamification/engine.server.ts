/**
 * Badge evaluation: a member's badge progress is computed from their contributions ledger
 * (COUNT of rows per kind, or their points) with the rules of ./rules.ts.
 *
 * - A user_badges row appears at the first progress (in progress), and is completed (earnedAt
 *   set, the member notified) when progress reaches the badge's pointsRequired.
 * - Earned badges are kept: undoing a contribution lowers the progress shown, but never takes
 *   an earned badge back (docs/decisions/0031-earned-badges-are-kept.md). The one exception is
 *   an admin revoking Supporter, which is a correction, not an undo.
 * - An in-progress row whose progress falls back to 0 is deleted (the badge is locked again).
 *
 * The incremental path (refreshBadges, after each recordContribution / revokeContribution) and
 * the full rebuild (recomputeAllBadges, `npm run badges:recompute`) run the same evaluation, so
 * they agree. The evaluation is planned once (`planBadgeChanges`, no database) and written by
 * `evaluateBadges` (decision 0102).
 */
import { and, asc, count, eq, gte, inArray, sql } from "drizzle-orm";
import { notify } from "~/features/notifications/index.server";
import { schema, write, type AppDatabase } from "~/utils/db.server";
import { perDatabase } from "~/utils/statement-cache.server";
import { badgeRules, badgeTypesAffectedBy, badgeTypesList, targetOf, type BadgeType, type ContributionKind } from "./rules";
import { literalLimit } from "~/utils/sql-dialect.server";

export type EarnedBadge = { userId: string; badgeId: number; name: string; type: BadgeType; earnedAt: Date };
/** Told about each badge an evaluation awards (inside its unit of work: database effects only, such as a notification). */
export type OnBadgeEarned = (earned: EarnedBadge) => void | Promise<void>;

/**
 * The statements every contribution runs (a like, a reply…): Drizzle prepared queries, made once
 * per database (docs/decisions/0077-data-access-style.md).
 */
const engineQueries = perDatabase((db: AppDatabase) => {
  const { contributions, userBadges, users } = schema;
  const param = sql.placeholder;
  return {
    points: db.select({ points: users.points }).from(users).where(eq(users.id, param("userId"))).prepare(),
    countsByKind: db
      .select({ kind: contributions.kind, total: count() })
      .from(contributions)
      .where(eq(contributions.userId, param("userId")))
      .groupBy(contributions.kind)
      .prepare(),
    userBadges: db
      .select({ id: userBadges.id, badgeId: userBadges.badgeId, progress: userBadges.progress, isCompleted: userBadges.isCompleted })
      .from(userBadges)
      .where(eq(userBadges.userId, param("userId")))
      .prepare(),
    // set() takes no placeholder: `sql` passes it through (the values as stored: numbers).
    setProgress: db.update(userBadges).set({ progress: sql`${param("progress")}` }).where(eq(userBadges.id, param("id"))).prepare(),
    complete: db
      .update(userBadges)
      .set({ progress: sql`${param("progress")}`, isCompleted: true, earnedAt: sql`${param("earnedAt")}` })
      .where(eq(userBadges.id, param("id")))
      .prepare(),
    insertEarned: db
      .insert(userBadges)
      .values({ userId: param("userId"), badgeId: param("badgeId"), progress: param("progress"), isCompleted: true, earnedAt: param("earnedAt") })
      .prepare(),
    insertInProgress: db
      .insert(userBadges)
      .values({ userId: param("userId"), badgeId: param("badgeId"), progress: param("progress"), isCompleted: false })
      .prepare(),
    remove: db.delete(userBadges).where(eq(userBadges.id, param("id"))).prepare(),
    syncPoints: db
      .update(users)
      .set({
        points: sql`(${db
          .select({ total: sql<number>`coalesce(sum(${contributions.points}), 0)` })
          .from(contributions)
          .where(eq(contributions.userId, param("userId")))})`,
      })
      .where(eq(users.id, param("userId")))
      .prepare(),
  };
});

/** The member is told about each badge earned (joining's Explorer is welcomed by the sign-up toast instead). */
export const notifyBadgeEarned: OnBadgeEarned = async (earned) => {
  if (earned.type !== "explorer") await notify(badgeNotice(earned));
};

function badgeNotice(earned: EarnedBadge) {
  return { userId: earned.userId, actorId: null, kind: "badge" as const, message: `You earned the ${earned.name} badge!`, link: "/badges", at: earned.earnedAt };
}

/** The badges of some types: one prepared query per list of types (a handful: badgeTypesAffectedBy's answers). */
const badgeQueries = perDatabase((db: AppDatabase) => {
  const byTypes = new Map<string, ReturnType<typeof build>>();
  const build = (types: readonly BadgeType[]) => {
    const { badges } = schema;
    return db
      .select({ id: badges.id, name: badges.name, type: badges.type, pointsRequired: badges.pointsRequired })
      .from(badges)
      .where(inArray(badges.type, [...types]))
      .prepare();
  };
  return (types: readonly BadgeType[]) => {
    const key = types.join(",");
    let query = byTypes.get(key);
    if (!query) {
      query = build(types);
      byTypes.set(key, query);
    }
    return query;
  };
});

type BadgeRow = { id: number; name: string; type: BadgeType; pointsRequired: number };
type UserBadgeRow = { id: number; badgeId: number; progress: number; isCompleted: boolean };

/** What one evaluation writes to user_badges; `earn` needs the date the target was reached (thresholdQuery). */
type BadgeChange =
  | { change: "setProgress"; id: number; progress: number }
  | { change: "remove"; id: number }
  | { change: "insertInProgress"; badgeId: number; progress: number }
  | { change: "earn"; badge: BadgeRow; rowId: number | null; progress: number; target: number };

function toCounts(rows: { kind: string; total: number }[]): Map<string, number> {
  return new Map(rows.map((row) => [row.kind, row.total]));
}

/** A member's ledger rows per kind (one indexed GROUP BY). */
export async function countContributionsByKind(db: AppDatabase, userId: string): Promise<Map<string, number>> {
  return toCounts(await engineQueries(db).countsByKind.execute({ userId }));
}

function measure(type: BadgeType, counts: Map<string, number>, points: number): number {
  const rule = badgeRules[type];
  if (rule.measure === "points") return points;
  return rule.kinds.reduce((sum, kind) => sum + (counts.get(kind) ?? 0), 0);
}

/**
 * The changes to the member's user_badges that the ledger calls for (the rules of the file's
 * header: earned badges are kept, a progress back to 0 locks the badge again).
 */
function planBadgeChanges(badges: BadgeRow[], existingRows: UserBadgeRow[], counts: Map<string, number>, points: number): BadgeChange[] {
  const existing = new Map(existingRows.map((row) => [row.badgeId, row]));
  const changes: BadgeChange[] = [];
  for (const badge of badges) {
    const target = targetOf(badge.pointsRequired);
    const actual = measure(badge.type, counts, points);
    const progress = Math.min(actual, target);
    const row = existing.get(badge.id);
    if (row?.isCompleted) {
      // Earned badges are kept; the progress shown follows the ledger.
      if (row.progress !== progress) changes.push({ change: "setProgress", id: row.id, progress });
    } else if (actual >= target) {
      changes.push({ change: "earn", badge, rowId: row?.id ?? null, progress, target });
    } else if (row) {
      if (progress === 0) changes.push({ change: "remove", id: row.id });
      else if (row.progress !== progress) changes.push({ change: "setProgress", id: row.id, progress });
    } else if (progress > 0) {
      changes.push({ change: "insertInProgress", badgeId: badge.id, progress });
    }
  }
  return changes;
}

/**
 * When the target was reached: the first row of the query, the contribution that crossed it (so a
 * rebuild dates badges like the live path).
 */
function thresholdQuery(db: AppDatabase, userId: string, type: BadgeType, target: number) {
  const rule = badgeRules[type];
  const { contributions } = schema;
  if (rule.measure === "points") {
    // A running sum: the window function goes through `sql`, the builder has no OVER (docs/decisions/0077-data-access-style.md).
    const ledger = db
      .select({
        createdAt: contributions.createdAt,
        running: sql<number>`sum(${contributions.points}) OVER (ORDER BY ${contributions.createdAt}, ${contributions.id})`.as("running"),
      })
      .from(contributions)
      .where(eq(contributions.userId, userId))
      .as("ledger");
    return db.select({ createdAt: ledger.createdAt }).from(ledger).where(gte(ledger.running, target)).orderBy(asc(ledger.createdAt)).limit(literalLimit(1));
  }
  return db
    .select({ createdAt: contributions.createdAt })
    .from(contributions)
    .where(and(eq(contributions.userId, userId), inArray(contributions.kind, [...rule.kinds])))
    .orderBy(asc(contributions.createdAt), asc(contributions.id))
    .limit(literalLimit(1))
    .offset(target - 1);
}

const toEarned = (userId: string, badge: BadgeRow, earnedAt: Date): EarnedBadge => ({ userId, badgeId: badge.id, name: badge.name, type: badge.type, earnedAt });

/**
 * Re-evaluates the given badge types of one member from the ledger and writes user_badges, on
 * `db` (a unit of work's `tx`). Returns the badges earned by this evaluation.
 */
export async function evaluateBadges(db: AppDatabase, userId: string, types: readonly BadgeType[], onEarned: OnBadgeEarned | null): Promise<EarnedBadge[]> {
  if (types.length === 0) return [];
  const badges = await badgeQueries(db)(types).execute();
  if (badges.length === 0) return [];
  const queries = engineQueries(db);
  const [user] = await queries.points.execute({ userId });
  if (!user) return [];
  const counts = await countContributionsByKind(db, userId);
  const existing = await queries.userBadges.execute({ userId });
  const earned: EarnedBadge[] = [];
  for (const change of planBadgeChanges(badges, existing, counts, user.points)) {
    if (change.change === "setProgress") await queries.setProgress.execute({ progress: change.progress, id: change.id });
    else if (change.change === "remove") await queries.remove.execute({ id: change.id });
    else if (change.change === "insertInProgress") await queries.insertInProgress.execute({ userId, badgeId: change.badgeId, progress: change.progress });
    else {
      const [crossing] = await thresholdQuery(db, userId, change.badge.type, change.target);
      const earnedAt = crossing?.createdAt ?? new Date();
      if (change.rowId !== null) await queries.complete.execute({ progress: change.progress, earnedAt: earnedAt.getTime(), id: change.rowId });
      else await queries.insertEarned.execute({ userId, badgeId: change.badge.id, progress: change.progress, earnedAt });
      earned.push(toEarned(userId, change.badge, earnedAt));
    }
  }
  if (onEarned) for (const badge of earned) await onEarned(badge);
  return earned;
}

/** Sets users.points to the sum of the member's ledger rows (on a unit of work's `tx`). */
export async function syncPoints(db: AppDatabase, userId: string): Promise<void> {
  await engineQueries(db).syncPoints.execute({ userId });
}

/**
 * Recomputes the progress of the badges that contributions of `kinds` affect (all badges when
 * `kinds` is omitted) for one member, and notifies them of badges earned, in the caller's unit of
 * work (a savepoint of it) or in its own.
 * (`at` is accepted for the contract's sake: an earned badge is dated from the ledger row that
 * crossed the target, which already carries the contribution's date.)
 */
export async function refreshBadges(userId: string, options: { kinds?: ContributionKind[]; at?: Date; onEarned?: OnBadgeEarned | null } = {}): Promise<EarnedBadge[]> {
  const types = options.kinds ? badgeTypesAffectedBy(options.kinds) : badgeTypesList;
  return write((tx) => evaluateBadges(tx, userId, types, options.onEarned === undefined ? notifyBadgeEarned : options.onEarned));
}
