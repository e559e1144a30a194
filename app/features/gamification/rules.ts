/**
 * The one table of gamification rules: what each kind of contribution is worth, and which
 * contributions advance which badge. Shown on /badge-guide and documented in
 * docs/gamification.md. Change values here only, then run `npm run badges:recompute` to apply
 * a change to an existing community.
 */
import type { badgeTypes } from "../../../db/schema";

export type BadgeType = (typeof badgeTypes)[number];

export const contributionRules = {
  /** Joining the community (Explorer). Worth nothing: points measure taking part. */
  joined: { points: 0, label: "Joining the community" },
  /** Starting a discussion (subject: the post id). */
  post_created: { points: 10, label: "Starting a discussion" },
  /** Any reply (subject: the reply id). */
  reply_created: { points: 5, label: "Replying to a post or a reply" },
  /** A reply on another member's post (subject: the reply id); recorded in addition to reply_created. */
  reply_to_other: { points: 2, label: "Bonus for replying on another member's post" },
  /** A like received on one's post (credited to the author; subject = "postId:likerId"). Self-likes earn nothing. */
  like_received: { points: 2, label: "A like received on your post" },
  /** Attending a meeting (subject: the meeting id). */
  meeting_attended: { points: 15, label: "Attending a weekly meeting" },
  /** Sharing a resource in the library (subject: the resource id). */
  resource_shared: { points: 10, label: "Sharing a resource" },
  /** Rating a resource (subject: the resource id). */
  resource_rated: { points: 1, label: "Rating a resource" },
  /** Rating a music artist (subject: the artist id). */
  artist_rated: { points: 2, label: "Rating a music artist" },
  /** Commenting on a music artist (subject: the comment id). */
  artist_commented: { points: 3, label: "Commenting on a music artist" },
  /** Supporter status granted by an admin for a donation or patronage (subject: "supporter"). Not for sale: no points. */
  supporter_granted: { points: 0, label: "Donating or becoming a patron (granted by an admin)" },
} as const satisfies Record<string, { points: number; label: string }>;

export type ContributionKind = keyof typeof contributionRules;

export const contributionKinds = Object.keys(contributionRules) as ContributionKind[];

export function pointsFor(kind: ContributionKind): number {
  return contributionRules[kind].points;
}

/**
 * How each badge type measures progress. `countOf`: the number of the member's ledger rows of
 * these kinds; `points`: the member's total points. The target is the badge row's
 * pointsRequired (at least 1, so Explorer's 0 means "one join").
 */
export type BadgeRule = { measure: "count"; kinds: readonly ContributionKind[]; howToEarn: string } | { measure: "points"; howToEarn: string };

export const badgeRules: Record<BadgeType, BadgeRule> = {
  explorer: { measure: "count", kinds: ["joined"], howToEarn: "Earned automatically when you join." },
  discusser: { measure: "count", kinds: ["reply_created"], howToEarn: "Each reply you write counts, on any post or as an answer to a reply." },
  sharer: { measure: "count", kinds: ["post_created", "resource_shared"], howToEarn: "Each discussion you start and each resource you share counts." },
  attendee: { measure: "count", kinds: ["meeting_attended"], howToEarn: "Attend your first weekly meeting." },
  meeting_regular: { measure: "count", kinds: ["meeting_attended"], howToEarn: "Each weekly meeting you attend counts." },
  supporter: { measure: "count", kinds: ["supporter_granted"], howToEarn: "Granted by an admin when you donate or become a patron." },
  ai_innovator: { measure: "count", kinds: ["like_received"], howToEarn: "Each like other members give your posts counts." },
  community_helper: { measure: "count", kinds: ["reply_to_other"], howToEarn: "Each reply you write on another member's post counts." },
  music_lover: { measure: "count", kinds: ["artist_rated", "artist_commented"], howToEarn: "Each rating and each comment on an AI music artist counts." },
  resource_guru: { measure: "count", kinds: ["resource_shared"], howToEarn: "Each resource you share in the library counts." },
  quads_master: { measure: "points", howToEarn: "Reach the points total by taking part everywhere." },
};

export const badgeTypesList = Object.keys(badgeRules) as BadgeType[];

/** The progress target of a badge: its pointsRequired, at least 1. */
export function targetOf(pointsRequired: number): number {
  return Math.max(1, pointsRequired);
}

/** The badge types whose progress changes when a contribution of one of these kinds is recorded or revoked. */
export function badgeTypesAffectedBy(kinds: readonly ContributionKind[]): BadgeType[] {
  const changesPoints = kinds.some((kind) => pointsFor(kind) !== 0);
  return badgeTypesList.filter((type) => {
    const rule = badgeRules[type];
    if (rule.measure === "points") return changesPoints;
    return rule.kinds.some((kind) => kinds.includes(kind));
  });
}

/** The nine guide categories of docs/gamification.md, in order. */
export const badgeCategories = [
  "Getting Started",
  "Community Participation",
  "Content Creation",
  "Community Engagement",
  "Community Support",
  "Expertise",
  "Entertainment",
  "Knowledge Sharing",
  "Mastery",
] as const;

/** Leaderboard periods (the `?period=` of the members page and of /api/community/contributors). */
export const leaderboardPeriods = {
  all: { label: "All time", days: null },
  "30d": { label: "Last 30 days", days: 30 },
  "7d": { label: "Last 7 days", days: 7 },
} as const;
export type LeaderboardPeriod = keyof typeof leaderboardPeriods;

export function parseLeaderboardPeriod(value: string | null | undefined): LeaderboardPeriod {
  return value === "7d" || value === "30d" ? value : "all";
}

/** More than this many points earns the 'Top Contributor' mark on a member card. */
export const TOP_CONTRIBUTOR_POINTS = 500;
