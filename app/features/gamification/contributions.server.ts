/**
 * The points-and-badges engine's entry points. Features call these inside the transaction
 * of the action (creating a post, liking, attending…), and the undo of the action calls
 * revokeContribution, so points are always the sum of what still stands.
 *
 * The rules (points per kind, which badge each kind advances) live in ./rules.ts; the
 * badge evaluation lives in ./engine.server.ts. docs/gamification.md explains both.
 */
import { and, eq } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import { DELETED_MEMBER_ID } from "~/utils/deleted-member";
import { pointsFor, type ContributionKind } from "./rules";
import { refreshBadges, syncPoints } from "./engine.server";

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

/**
 * Records a contribution once (idempotent per user, kind and subject): adds its points to the
 * member's total and advances their badges, in the caller's transaction (or its own).
 */
export function recordContribution(input: ContributionInput): void {
  if (isSelfLike(input)) return;
  // Nobody earns points as 'Deleted member' (likes and replies on a deleted member's kept posts; docs/decisions/0075).
  if (input.userId === DELETED_MEMBER_ID) return;
  const db = getDb();
  db.$client
    .transaction(() => {
      const inserted = db
        .insert(schema.contributions)
        .values({
          userId: input.userId,
          kind: input.kind,
          subjectId: String(input.subjectId),
          points: pointsFor(input.kind),
          ...(input.at ? { createdAt: input.at } : {}),
        })
        .onConflictDoNothing()
        .returning({ id: schema.contributions.id })
        .get();
      if (!inserted) return;
      syncPoints(db, input.userId);
      refreshBadges(input.userId, { kinds: [input.kind], at: input.at, db });
    })
    .immediate();
}

/** Takes a contribution back (unlike, delete): its points go, badge progress follows; a no-op when never recorded. */
export function revokeContribution(input: Omit<ContributionInput, "at">): void {
  const db = getDb();
  db.$client
    .transaction(() => {
      const removed = db
        .delete(schema.contributions)
        .where(
          and(
            eq(schema.contributions.userId, input.userId),
            eq(schema.contributions.kind, input.kind),
            eq(schema.contributions.subjectId, String(input.subjectId)),
          ),
        )
        .returning({ id: schema.contributions.id })
        .get();
      if (!removed) return;
      syncPoints(db, input.userId);
      refreshBadges(input.userId, { kinds: [input.kind], db });
    })
    .immediate();
}
