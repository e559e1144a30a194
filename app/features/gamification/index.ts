/**
 * The gamification feature's client-safe entry: plain values, types and helpers that routes and other
 * features may import, in the browser too (never a .server module or zod: docs/decisions/0099-feature-entries.md).
 */
export { badgeCategories, badgeRules, type BadgeType, contributionKinds, contributionRules, type LeaderboardPeriod, leaderboardPeriods, parseLeaderboardPeriod, targetOf, TOP_CONTRIBUTOR_POINTS } from "./rules";
