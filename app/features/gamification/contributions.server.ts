/**
 * The points-and-badges engine's entry points. Features call these inside the transaction
 * of the action (creating a post, liking, attending…), and the undo of the action calls
 * revokeContribution, so points are always the sum of what still stands.
 *
 * The rules (points per kind, which badge each kind advances) live in ./rules.ts; the
 * badge evaluation lives in ./engine.server.ts (owned by the members-and-badges feature).
 */
import { and, eq, sql } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import { pointsFor, type ContributionKind } from "./rules";
import { refreshBadges } from "./engine.server";

export type { ContributionKind } from "./rules";

export type ContributionInput = {
  /** The member credited (for like_received: the post's author, not the liker). */
  userId: string;
  kind: ContributionKind;
  /** What it is about: a post id, reply id, like id, meeting id… unique per (user, kind). */
  subjectId: string | number;
  at?: Date;
};

/** Records a contribution once (idempotent per user, kind and subject) and refreshes badges. */
export function recordContribution(input: ContributionInput): void {
  const db = getDb();
  const points = pointsFor(input.kind);
  const inserted = db
    .insert(schema.contributions)
    .values({
      userId: input.userId,
      kind: input.kind,
      subjectId: String(input.subjectId),
      points,
      ...(input.at ? { createdAt: input.at } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: schema.contributions.id })
    .get();
  if (!inserted) return;
  if (points !== 0) {
    db.update(schema.users)
      .set({ points: sql`${schema.users.points} + ${points}` })
      .where(eq(schema.users.id, input.userId))
      .run();
  }
  refreshBadges(input.userId, { kinds: [input.kind], at: input.at });
}

/** Takes a contribution back (unlike, delete); a no-op when it was never recorded. */
export function revokeContribution(input: Omit<ContributionInput, "at">): void {
  const db = getDb();
  const removed = db
    .delete(schema.contributions)
    .where(
      and(
        eq(schema.contributions.userId, input.userId),
        eq(schema.contributions.kind, input.kind),
        eq(schema.contributions.subjectId, String(input.subjectId)),
      ),
    )
    .returning({ points: schema.contributions.points })
    .get();
  if (!removed) return;
  if (removed.points !== 0) {
    db.update(schema.users)
      .set({ points: sql`max(0, ${schema.users.points} - ${removed.points})` })
      .where(eq(schema.users.id, input.userId))
      .run();
  }
  refreshBadges(input.userId, { kinds: [input.kind] });
}
