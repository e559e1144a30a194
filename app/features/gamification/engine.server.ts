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
import { notify } from "~/features/notifications/notify.server";
import { getDb, type AppDatabase } from "~/utils/db.server";
import { badgeRules, badgeTypesAffectedBy, badgeTypesList, targetOf, type BadgeType, type ContributionKind } from "./rules";

export type EarnedBadge = { userId: string; badgeId: number; name: string; type: BadgeType; earnedAt: Date };
export type OnBadgeEarned = (earned: EarnedBadge) => void;

type BadgeRow = { id: number; name: string; type: BadgeType; pointsRequired: number };
type UserBadgeRow = { id: number; badgeId: number; progress: number; isCompleted: number };

/** The member is told about each badge earned (joining's Explorer is welcomed by the sign-up toast instead). */
export const notifyBadgeEarned: OnBadgeEarned = (earned) => {
  if (earned.type === "explorer") return;
  notify({
    userId: earned.userId,
    actorId: null,
    kind: "badge",
    message: `You earned the ${earned.name} badge!`,
    link: "/badges",
    at: earned.earnedAt,
  });
};

function loadBadges(db: AppDatabase, types: readonly BadgeType[]): BadgeRow[] {
  if (types.length === 0) return [];
  return db.$client
    .prepare(`SELECT id, name, type, points_required AS pointsRequired FROM badges WHERE type IN (${types.map(() => "?").join(",")})`)
    .all(...types) as BadgeRow[];
}

/** A member's ledger rows per kind (one indexed GROUP BY). */
export function countContributionsByKind(db: AppDatabase, userId: string): Map<string, number> {
  const rows = db.$client
    .prepare("SELECT kind, count(*) AS total FROM contributions WHERE user_id = ? GROUP BY kind")
    .all(userId) as { kind: string; total: number }[];
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
  let row: { createdAt: number } | undefined;
  if (rule.measure === "points") {
    row = db.$client
      .prepare(
        `SELECT createdAt FROM (
           SELECT created_at AS createdAt, SUM(points) OVER (ORDER BY created_at, id) AS running
           FROM contributions WHERE user_id = ?
         ) WHERE running >= ? ORDER BY createdAt LIMIT 1`,
      )
      .get(userId, target) as { createdAt: number } | undefined;
  } else {
    row = db.$client
      .prepare(
        `SELECT created_at AS createdAt FROM contributions
         WHERE user_id = ? AND kind IN (${rule.kinds.map(() => "?").join(",")})
         ORDER BY created_at, id LIMIT 1 OFFSET ?`,
      )
      .get(userId, ...rule.kinds, target - 1) as { createdAt: number } | undefined;
  }
  return row ? new Date(row.createdAt) : new Date();
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
  const user = db.$client.prepare("SELECT points FROM users WHERE id = ?").get(userId) as { points: number } | undefined;
  if (!user) return [];
  const counts = countContributionsByKind(db, userId);
  const existing = new Map(
    (
      db.$client
        .prepare("SELECT id, badge_id AS badgeId, progress, is_completed AS isCompleted FROM user_badges WHERE user_id = ?")
        .all(userId) as UserBadgeRow[]
    ).map((row) => [row.badgeId, row]),
  );
  const earned: EarnedBadge[] = [];
  const setProgress = db.$client.prepare("UPDATE user_badges SET progress = ? WHERE id = ?");
  const complete = db.$client.prepare("UPDATE user_badges SET progress = ?, is_completed = 1, earned_at = ? WHERE id = ?");
  const insert = db.$client.prepare(
    "INSERT INTO user_badges (user_id, badge_id, progress, is_completed, earned_at) VALUES (?, ?, ?, ?, ?)",
  );
  const remove = db.$client.prepare("DELETE FROM user_badges WHERE id = ?");

  for (const badge of badges) {
    const target = targetOf(badge.pointsRequired);
    const actual = measure(badge.type, counts, user.points);
    const progress = Math.min(actual, target);
    const row = existing.get(badge.id);
    const isReached = actual >= target;
    if (row?.isCompleted) {
      // Earned badges are kept; the progress shown follows the ledger.
      if (row.progress !== progress) setProgress.run(progress, row.id);
      continue;
    }
    if (isReached) {
      const earnedAt = thresholdDate(db, userId, badge.type, target);
      if (row) complete.run(progress, earnedAt.getTime(), row.id);
      else insert.run(userId, badge.id, progress, 1, earnedAt.getTime());
      earned.push({ userId, badgeId: badge.id, name: badge.name, type: badge.type, earnedAt });
      continue;
    }
    if (row) {
      if (progress === 0) remove.run(row.id);
      else if (row.progress !== progress) setProgress.run(progress, row.id);
    } else if (progress > 0) {
      insert.run(userId, badge.id, progress, 0, null);
    }
  }
  if (onEarned) for (const badge of earned) onEarned(badge);
  return earned;
}

/** Sets users.points to the sum of the member's ledger rows. */
export function syncPoints(db: AppDatabase, userId: string): void {
  db.$client
    .prepare("UPDATE users SET points = (SELECT COALESCE(SUM(points), 0) FROM contributions WHERE user_id = ?) WHERE id = ?")
    .run(userId, userId);
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
