/** Badge records of a member (the engine that awards them comes with the badges feature). */
import { eq } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";

export type MemberBadge = {
  badgeId: number;
  name: string;
  type: string;
  iconClass: string;
  colorClass: string;
  pointsRequired: number;
  criteriaDescription: string;
  progress: number;
  isCompleted: boolean;
  earnedAt: Date | null;
  percent: number;
};

/** Progress percentage = progress / pointsRequired (a 0-point badge is complete when held). */
export function progressPercent(progress: number, pointsRequired: number, isCompleted: boolean): number {
  if (isCompleted) return 100;
  if (pointsRequired <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round((progress / pointsRequired) * 100)));
}

/** Every badge record of a member, with its badge. */
export function listMemberBadges(userId: string): MemberBadge[] {
  return getDb()
    .select({
      badgeId: schema.badges.id,
      name: schema.badges.name,
      type: schema.badges.type,
      iconClass: schema.badges.iconClass,
      colorClass: schema.badges.colorClass,
      pointsRequired: schema.badges.pointsRequired,
      criteriaDescription: schema.badges.criteriaDescription,
      progress: schema.userBadges.progress,
      isCompleted: schema.userBadges.isCompleted,
      earnedAt: schema.userBadges.earnedAt,
    })
    .from(schema.userBadges)
    .innerJoin(schema.badges, eq(schema.badges.id, schema.userBadges.badgeId))
    .where(eq(schema.userBadges.userId, userId))
    .all()
    .map((row) => ({ ...row, percent: progressPercent(row.progress, row.pointsRequired, row.isCompleted) }));
}

/** The welcome banner's summary: latest earned badge, earned count, and the closest next badge. */
export function summarizeBadges(badges: MemberBadge[]) {
  const earned = badges.filter((badge) => badge.isCompleted).sort((a, b) => (b.earnedAt?.getTime() ?? 0) - (a.earnedAt?.getTime() ?? 0));
  const next = badges.filter((badge) => !badge.isCompleted).sort((a, b) => b.percent - a.percent)[0] ?? null;
  return { latest: earned[0] ?? null, earnedCount: earned.length, next };
}
