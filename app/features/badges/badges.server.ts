/** Badges as members see them: the catalogue, a member's records, and the summaries of the dashboard and /badges. */
import { asc, eq, sql } from "drizzle-orm";
import { badgeCategories, badgeRules, targetOf, type BadgeType } from "~/features/gamification";
import { readDb, schema, type AppDatabase } from "~/utils/db.server";
import { perDatabase } from "~/utils/statement-cache.server";
import type { Badge } from "../../../db/schema";

export type MemberBadge = {
  badgeId: number;
  name: string;
  type: BadgeType;
  description: string;
  category: string;
  iconClass: string;
  colorClass: string;
  pointsRequired: number;
  criteriaDescription: string;
  progress: number;
  isCompleted: boolean;
  earnedAt: Date | null;
  percent: number;
};

/** Progress percentage = progress / pointsRequired (a 0-point badge counts as 1 step); 100 once earned. */
export function progressPercent(progress: number, pointsRequired: number, isCompleted: boolean): number {
  if (isCompleted) return 100;
  return Math.max(0, Math.min(99, Math.floor((progress / targetOf(pointsRequired)) * 100)));
}

/** The dashboard's and /badges' reads, made once per database (docs/decisions/0077-data-access-style.md). */
const badgeQueries = perDatabase((db: AppDatabase) => {
  const { badges, userBadges } = schema;
  const ofMember = eq(userBadges.userId, sql.placeholder("userId"));
  return {
    catalogue: db.select().from(badges).orderBy(asc(badges.id)).prepare(),
    memberBadges: db
      .select({
        badgeId: badges.id,
        name: badges.name,
        type: badges.type,
        description: badges.description,
        category: badges.category,
        iconClass: badges.iconClass,
        colorClass: badges.colorClass,
        pointsRequired: badges.pointsRequired,
        criteriaDescription: badges.criteriaDescription,
        progress: userBadges.progress,
        isCompleted: userBadges.isCompleted,
        earnedAt: userBadges.earnedAt,
      })
      .from(userBadges)
      .innerJoin(badges, eq(badges.id, userBadges.badgeId))
      .where(ofMember)
      .orderBy(asc(badges.id))
      .prepare(),
    records: db
      .select({ userBadge: userBadges, badge: badges })
      .from(userBadges)
      .innerJoin(badges, eq(badges.id, userBadges.badgeId))
      .where(ofMember)
      .orderBy(asc(badges.id))
      .prepare(),
  };
});

/** Every badge, in catalogue order. */
export async function listBadges(): Promise<Badge[]> {
  return badgeQueries(readDb()).catalogue.execute();
}

/** Every badge record of a member, with its badge. */
export async function listMemberBadges(userId: string): Promise<MemberBadge[]> {
  return (await badgeQueries(readDb()).memberBadges.execute({ userId })).map((row) => ({ ...row, percent: progressPercent(row.progress, row.pointsRequired, row.isCompleted) }));
}

const byLatestEarned = (a: MemberBadge, b: MemberBadge) => (b.earnedAt?.getTime() ?? 0) - (a.earnedAt?.getTime() ?? 0) || b.badgeId - a.badgeId;
const byClosest = (a: MemberBadge, b: MemberBadge) => b.percent - a.percent || a.badgeId - b.badgeId;

export type BadgeOverview = {
  earned: MemberBadge[];
  inProgress: MemberBadge[];
  available: Badge[];
  stats: { earned: number; inProgress: number; locked: number; total: number };
  /** Earned badges out of all the community's badges. */
  overallPercent: number;
};

/** /badges: earned, in progress (with a progress bar) and available (locked: no record) badges, with the stat cards. */
export async function getBadgeOverview(userId: string): Promise<BadgeOverview> {
  const catalogue = await listBadges();
  const records = await listMemberBadges(userId);
  const held = new Set(records.map((record) => record.badgeId));
  const earned = records.filter((record) => record.isCompleted).sort(byLatestEarned);
  const inProgress = records.filter((record) => !record.isCompleted).sort(byClosest);
  const available = catalogue.filter((badge) => !held.has(badge.id));
  const total = catalogue.length;
  return {
    earned,
    inProgress,
    available,
    stats: { earned: earned.length, inProgress: inProgress.length, locked: available.length, total },
    overallPercent: total === 0 ? 0 : Math.round((earned.length / total) * 100),
  };
}

export type DashboardBadges = {
  /** 'progress': uncompleted badges to show; 'master': every badge earned; 'start': nothing in progress yet. */
  state: "progress" | "master" | "start";
  inProgress: MemberBadge[];
  earned: MemberBadge[];
  earnedCount: number;
  overallPercent: number;
  latest: MemberBadge | null;
  next: MemberBadge | null;
};

/** The dashboard's Badge Progress (up to 3) and My Badges (up to 6) cards, and the welcome banner's badge line. */
export async function getDashboardBadges(userId: string): Promise<DashboardBadges> {
  const overview = await getBadgeOverview(userId);
  const state = overview.inProgress.length > 0 ? "progress" : overview.stats.total > 0 && overview.stats.locked === 0 ? "master" : "start";
  return {
    state,
    inProgress: overview.inProgress.slice(0, 3),
    earned: overview.earned.slice(0, 6),
    earnedCount: overview.earned.length,
    overallPercent: overview.overallPercent,
    latest: overview.earned[0] ?? null,
    next: overview.inProgress[0] ?? null,
  };
}

/** GET /api/user/badges: the member's user_badges records with their badge. */
export async function listUserBadgeRecords(userId: string) {
  return (await badgeQueries(readDb()).records.execute({ userId })).map(({ userBadge, badge }) => ({ ...userBadge, badge }));
}

export type GuideBadge = Badge & { howItCounts: string; target: number };
export type GuideCategory = { name: string; badges: GuideBadge[] };

/** /badge-guide: the badges grouped by the nine categories, each with the engine's real rule. */
export async function getBadgeGuide(): Promise<GuideCategory[]> {
  const badges = await listBadges();
  const known = new Set<string>(badgeCategories);
  const categories: string[] = [...badgeCategories, ...new Set(badges.map((badge) => badge.category).filter((name) => !known.has(name)))];
  return categories
    .map((name) => ({
      name,
      badges: badges
        .filter((badge) => badge.category === name)
        .map((badge) => ({ ...badge, howItCounts: badgeRules[badge.type].howToEarn, target: targetOf(badge.pointsRequired) })),
    }))
    .filter((category) => category.badges.length > 0);
}
