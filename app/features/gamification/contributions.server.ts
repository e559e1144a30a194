/**
 * The points-and-badges engine's entry points. Features call these inside the unit of work of the
 * action (creating a post, liking, attending…), where they run as a savepoint of it, and the undo
 * of the action calls revokeContribution, so points are always the sum of what still stands.
 *
 * The rules (points per kind, which badge each kind advances) live in ./rules.ts; the
 * badge evaluation lives in ./engine.server.ts. docs/gamification.md explains both.
 */
import { and, eq, gte, inArray, lt, or, type SQL } from "drizzle-orm";
import { schema, write, type AppDatabase } from "~/utils/db.server";
import { lockRowForUpdate } from "~/utils/sql-dialect.server";
import { DELETED_MEMBER_ID } from "~/utils/deleted-member";
import { evaluateBadges, notifyBadgeEarned, syncPoints } from "./engine.server";
import { badgeTypesAffectedBy, pointsFor, type ContributionKind } from "./rules";

export type { ContributionKind } from "./rules";

export type ContributionInput = {
  /** The member credited (for like_received: the post's author, not the liker). */
  userId: string;
  kind: ContributionKind;
  /** What it is about: a post id, reply id, like id, meeting id… unique per (user, kind). */
  subjectId: string | number;
  at?: Date;
};

/** A like of one's own post earns nothing (subject "postId:likerId" with the liker being the author). */
function isSelfLike(input: Pick<ContributionInput, "userId" | "kind" | "subjectId">): boolean {
  return input.kind === "like_received" && String(input.subjectId).split(":")[1] === input.userId;
}

/** Whether a contribution earns nothing at all (a self-like; anything credited to 'Deleted member', docs/decisions/0075). */
function isNeverRecorded(input: ContributionInput): boolean {
  return isSelfLike(input) || input.userId === DELETED_MEMBER_ID;
}

/** The ledger row's insert (once per user, kind and subject). */
const insertContribution = (db: AppDatabase, input: ContributionInput) =>
  db
    .insert(schema.contributions)
    .values({
      userId: input.userId,
      kind: input.kind,
      subjectId: String(input.subjectId),
      points: pointsFor(input.kind),
      ...(input.at ? { createdAt: input.at } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: schema.contributions.id });

/** The ledger row's delete. */
const deleteContribution = (db: AppDatabase, input: Omit<ContributionInput, "at">) =>
  db
    .delete(schema.contributions)
    .where(
      and(
        eq(schema.contributions.userId, input.userId),
        eq(schema.contributions.kind, input.kind),
        eq(schema.contributions.subjectId, String(input.subjectId)),
      ),
    )
    .returning({ id: schema.contributions.id });

/** The member's points from their ledger, then their badges (in the caller's unit). */
async function syncPointsAndBadges(tx: AppDatabase, userId: string, kinds: ContributionKind[]): Promise<void> {
  await syncPoints(tx, userId);
  await evaluateBadges(tx, userId, badgeTypesAffectedBy(kinds), notifyBadgeEarned);
}

/**
 * Records a contribution once (idempotent per user, kind and subject): adds its points to the
 * member's total and advances their badges, in the caller's unit of work (or its own).
 */
export async function recordContribution(input: ContributionInput): Promise<void> {
  if (isNeverRecorded(input)) return;
  await write(async (tx) => {
    // The member's points are a total of their ledger: the units crediting one member take turns (decision 0106).
    await lockRowForUpdate(tx, schema.users, input.userId);
    const [inserted] = await insertContribution(tx, input);
    if (inserted) await syncPointsAndBadges(tx, input.userId, [input.kind]);
  });
}

/** Takes a contribution back (unlike, delete): its points go, badge progress follows; a no-op when never recorded. */
export async function revokeContribution(input: Omit<ContributionInput, "at">): Promise<void> {
  await write(async (tx) => {
    await lockRowForUpdate(tx, schema.users, input.userId);
    const [removed] = await deleteContribution(tx, input);
    if (removed) await syncPointsAndBadges(tx, input.userId, [input.kind]);
  });
}

/** What to take back at once: contributions of `kinds` about one of `subjectIds`, or whose subject starts with `subjectPrefix` (a like's "postId:likerId"). */
export type ContributionSelection = { kinds: ContributionKind[]; subjectIds?: string[]; subjectPrefix?: string };

/** The ledger rows any of the selections match, or null when they match nothing. */
function selectedContributions(selections: ContributionSelection[]): SQL | null {
  const { contributions } = schema;
  const conditions: SQL[] = [];
  for (const { kinds, subjectIds, subjectPrefix } of selections) {
    if (subjectIds?.length) conditions.push(and(inArray(contributions.kind, kinds), inArray(contributions.subjectId, subjectIds))!);
    if (subjectPrefix) {
      const end = subjectPrefix.slice(0, -1) + String.fromCharCode(subjectPrefix.charCodeAt(subjectPrefix.length - 1) + 1);
      conditions.push(and(inArray(contributions.kind, kinds), gte(contributions.subjectId, subjectPrefix), lt(contributions.subjectId, end))!);
    }
  }
  return conditions.length === 0 ? null : or(...conditions)!;
}

/** The delete of the selected rows, returning whose and which kind. */
const deleteSelected = (db: AppDatabase, where: SQL) =>
  db.delete(schema.contributions).where(where).returning({ userId: schema.contributions.userId, kind: schema.contributions.kind });

/**
 * Takes back every contribution the selections match (a deleted post or reply thread), then brings
 * each affected member's points and badges in line; inside the caller's unit of work (a savepoint
 * of it). Returns how many ledger rows went.
 */
export async function revokeContributions(selections: ContributionSelection[]): Promise<number> {
  const where = selectedContributions(selections);
  if (!where) return 0;
  return write(async (tx) => {
    const removed = await deleteSelected(tx, where);
    for (const [userId, kinds] of kindsByMember(removed)) {
      await lockRowForUpdate(tx, schema.users, userId);
      await syncPointsAndBadges(tx, userId, kinds);
    }
    return removed.length;
  });
}

function kindsByMember(removed: { userId: string; kind: string }[]): Map<string, ContributionKind[]> {
  const kindsByUser = new Map<string, Set<ContributionKind>>();
  for (const row of removed) kindsByUser.set(row.userId, (kindsByUser.get(row.userId) ?? new Set<ContributionKind>()).add(row.kind as ContributionKind));
  return new Map([...kindsByUser].map(([userId, kinds]) => [userId, [...kinds]]));
}
