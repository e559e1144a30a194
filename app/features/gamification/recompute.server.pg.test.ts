/** The full rebuild (npm run badges:recompute) on PostgreSQL: its temporary ledger table and boolean history (recompute.server.ts). */
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { insertPgMember, startAppOnPostgres } from "~/test/postgres-app";

const db = await startAppOnPostgres();
const { recomputeAllBadges } = await import("./recompute.server");
const { schema, write, readDb } = db;

describe("recomputeAllBadges on PostgreSQL", () => {
  afterAll(() => db.closeDb());

  it("derives the ledger from the history (attended meetings only, visible comments only), then changes nothing", async () => {
    const alice = await insertPgMember();
    const bob = await insertPgMember();
    await write(async (tx) => {
      const [category] = await tx.select({ id: schema.categories.id }).from(schema.categories).limit(1);
      const [post] = await tx.insert(schema.posts).values({ title: "P", content: "c", authorId: alice, categoryId: category.id }).returning();
      await tx.insert(schema.replies).values({ content: "r", postId: post.id, authorId: bob });
      await tx.insert(schema.postLikes).values({ postId: post.id, userId: bob });
      const [attended] = await tx.insert(schema.meetings).values({ title: "Attended", scheduledAt: new Date(5_000) }).returning();
      const [missed] = await tx.insert(schema.meetings).values({ title: "Missed", scheduledAt: new Date(6_000) }).returning();
      await tx.insert(schema.meetingAttendees).values([
        { meetingId: attended.id, userId: bob, attended: true },
        { meetingId: missed.id, userId: bob, attended: false },
      ]);
      const [artist] = await tx.insert(schema.musicArtists).values({ name: "A" }).returning();
      await tx.insert(schema.artistComments).values([
        { artistId: artist.id, userId: alice, comment: "Shown" },
        { artistId: artist.id, userId: alice, comment: "Hidden", isHidden: true },
      ]);
    });
    const first = await recomputeAllBadges({ onEarned: null });
    expect(first.contributionsAdded).toBeGreaterThan(0);
    const kindsOf = async (userId: string) =>
      (await readDb().select({ kind: schema.contributions.kind }).from(schema.contributions).where(eq(schema.contributions.userId, userId))).map((row) => row.kind).sort();
    expect(await kindsOf(alice)).toEqual(["artist_commented", "joined", "like_received", "post_created"]);
    expect(await kindsOf(bob)).toEqual(["joined", "meeting_attended", "reply_created", "reply_to_other"]);
    const [points] = await readDb().select({ points: schema.users.points }).from(schema.users).where(and(eq(schema.users.id, alice)));
    expect(points.points).toBeGreaterThan(0);
    expect(await recomputeAllBadges({ onEarned: null })).toMatchObject({ contributionsAdded: 0, contributionsRemoved: 0, contributionsRevalued: 0, pointsChanged: 0, badgesEarned: 0 });
  });
});
