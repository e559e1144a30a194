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
 * they agree.
 */
import { and, asc, count, eq, gte, inArray, sql } from "drizzle-orm";
import { notifySync } from "~/features/notifications/index.server";
import { getDb, schema, type AppDatabase } from "~/utils/db.server";
import { perDatabase } from "~/utils/statement-cache.server";
import { badgeRules, badgeTypesAffectedBy, badgeTypesList, targetOf, type BadgeType, type ContributionKind } from "./rules";

export type EarnedBadge = { userId: string; badgeId: number; name: string; type: BadgeType; earnedAt: Date };
export type OnBadgeEarned = (earned: EarnedBadge) => void;

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
export const notifyBadgeEarned: OnBadgeEarned = (earned) => {
  if (earned.type === "explorer") return;
  notifySync({
    userId: earned.userId,
    actorId: null,
    kind: "badge",
    message: `You earned the ${earned.name} badge!`,
    link: "/badges",
    at: earned.earnedAt,
  });
};

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

function loadBadges(db: AppDatabase, types: readonly BadgeType[]) {
  if (types.length === 0) return [];
  return badgeQueries(db)(types).all();
}

/** A member's ledger rows per kind (one indexed GROUP BY). */
export function countContributionsByKind(db: AppDatabase, userId: string): Map<string, number> {
  const rows = engineQueries(db).countsByKind.all({ userId });
  return new Map(rows.map((row) => [row.kind, row.total]));
}

function measure(type: BadgeType, counts: Map<string, number>, points: number): number {
  const rule = badgeRules[type];
  if (rule.measure === "points") return points;
  return rule.kinds.reduce((sum, kind) => sum + (counts.get(kind) ?? 0), 0);
}

/** When the target was reached: the date of the contribution that crossed it (so a rebuild dates badges like the live path). */
function thresholdDate(db: AppDatabase, userId: string, type: BadgeType, target: number): Date {
  const rule = badgeRules[type];
  const { contributions } = schema;
  let row: { createdAt: Date } | undefined;
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
    row = db.select({ createdAt: ledger.createdAt }).from(ledger).where(gte(ledger.running, target)).orderBy(asc(ledger.createdAt)).limit(1).get();
  } else {
    row = db
      .select({ createdAt: contributions.createdAt })
      .from(contributions)
      .where(and(eq(contributions.userId, userId), inArray(contributions.kind, [...rule.kinds])))
      .orderBy(asc(contributions.createdAt), asc(contributions.id))
      .limit(1)
      .offset(target - 1)
      .get();
  }
  return row?.createdAt ?? new Date();
}

/**
 * Re-evaluates the given badge types of one member from the ledger and writes user_badges.
 * Returns the badges earned by this evaluation.
 */
export function evaluateBadges(
  db: AppDatabase,
  userId: string,
  types: readonly BadgeType[],
  onEarned: OnBadgeEarned | null,
): EarnedBadge[] {
  const badges = loadBadges(db, types);
  if (badges.length === 0) return [];
  const queries = engineQueries(db);
  const user = queries.points.get({ userId });
  if (!user) return [];
  const counts = countContributionsByKind(db, userId);
  const existing = new Map(queries.userBadges.all({ userId }).map((row) => [row.badgeId, row]));
  const earned: EarnedBadge[] = [];

  for (const badge of badges) {
    const target = targetOf(badge.pointsRequired);
    const actual = measure(badge.type, counts, user.points);
    const progress = Math.min(actual, target);
    const row = existing.get(badge.id);
    const isReached = actual >= target;
    if (row?.isCompleted) {
      // Earned badges are kept; the progress shown follows the ledger.
      if (row.progress !== progress) queries.setProgress.run({ progress, id: row.id });
      continue;
    }
    if (isReached) {
      const earnedAt = thresholdDate(db, userId, badge.type, target);
      if (row) queries.complete.run({ progress, earnedAt: earnedAt.getTime(), id: row.id });
      else queries.insertEarned.run({ userId, badgeId: badge.id, progress, earnedAt });
      earned.push({ userId, badgeId: badge.id, name: badge.name, type: badge.type, earnedAt });
      continue;
    }
    if (row) {
      if (progress === 0) queries.remove.run({ id: row.id });
      else if (row.progress !== progress) queries.setProgress.run({ progress, id: row.id });
    } else if (progress > 0) {
      queries.insertInProgress.run({ userId, badgeId: badge.id, progress });
    }
  }
  if (onEarned) for (const badge of earned) onEarned(badge);
  return earned;
}

/** Sets users.points to the sum of the member's ledger rows. */
export function syncPoints(db: AppDatabase, userId: string): void {
  engineQueries(db).syncPoints.run({ userId });
}

/**
 * Recomputes the progress of the badges that contributions of `kinds` affect (all badges when
 * `kinds` is omitted) for one member, and notifies them of badges earned.
 * Call inside the action's transaction (recordContribution / revokeContribution do).
 * (`at` is accepted for the contract's sake: an earned badge is dated from the ledger row that
 * crossed the target, which already carries the contribution's date.)
 */
export function refreshBadges(
  userId: string,
  options: { kinds?: ContributionKind[]; at?: Date; db?: AppDatabase; onEarned?: OnBadgeEarned | null } = {},
): EarnedBadge[] {
  const db = options.db ?? getDb();
  const types = options.kinds ? badgeTypesAffectedBy(options.kinds) : badgeTypesList;
  return evaluateBadges(db, userId, types, options.onEarned === undefined ? notifyBadgeEarned : options.onEarned);
}
