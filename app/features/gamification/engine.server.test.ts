import { spawn } from "node:child_process";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMember } from "~/test/factories";
import { getDb, schema, write } from "~/utils/db.server";
import { recordContribution, revokeContribution } from "./contributions.server";
import { recomputeAllBadges } from "./recompute.server";
import { contributionRules, type BadgeType, type ContributionKind } from "./rules";

const db = () => getDb();

function pointsOf(userId: string): number {
  return db().select({ points: schema.users.points }).from(schema.users).where(eq(schema.users.id, userId)).get()?.points ?? -1;
}

function ledgerSum(userId: string): number {
  const row = db().$client.prepare("SELECT COALESCE(SUM(points), 0) AS total FROM contributions WHERE user_id = ?").get(userId) as { total: number };
  return row.total;
}

function badgeOf(userId: string, type: BadgeType) {
  return db()
    .select({ progress: schema.userBadges.progress, isCompleted: schema.userBadges.isCompleted, earnedAt: schema.userBadges.earnedAt })
    .from(schema.userBadges)
    .innerJoin(schema.badges, eq(schema.badges.id, schema.userBadges.badgeId))
    .where(and(eq(schema.userBadges.userId, userId), eq(schema.badges.type, type)))
    .get();
}

function badgeNotifications(userId: string) {
  return db()
    .select()
    .from(schema.notifications)
    .where(and(eq(schema.notifications.userId, userId), eq(schema.notifications.kind, "badge")))
    .all();
}

async function record(userId: string, kind: ContributionKind, howMany: number, prefix: string = kind) {
  for (let index = 0; index < howMany; index += 1) await recordContribution({ userId, kind, subjectId: `${prefix}-${index}` });
}

describe("recordContribution: points", () => {
  it("adds each kind's points from the rules table, once per subject", async () => {
    const member = await createMember();
    let expected = 0;
    for (const [kind, rule] of Object.entries(contributionRules)) {
      if (kind === "joined") continue;
      await recordContribution({ userId: member.id, kind: kind as ContributionKind, subjectId: `s-${kind}` });
      await recordContribution({ userId: member.id, kind: kind as ContributionKind, subjectId: `s-${kind}` });
      expected += rule.points;
      expect(pointsOf(member.id), kind).toBe(expected);
    }
    expect(ledgerSum(member.id)).toBe(expected);
  });

  it("gives nothing for liking one's own post", async () => {
    const member = await createMember();
    await recordContribution({ userId: member.id, kind: "like_received", subjectId: `12:${member.id}` });
    expect(pointsOf(member.id)).toBe(0);
    await recordContribution({ userId: member.id, kind: "like_received", subjectId: "12:someone-else" });
    expect(pointsOf(member.id)).toBe(contributionRules.like_received.points);
  });
});

describe("recordContribution in the caller's unit of work", () => {
  it("is a savepoint of it: rolled back when the action fails, committed with it otherwise", async () => {
    const member = await createMember();
    const failed = write(async () => {
      await recordContribution({ userId: member.id, kind: "post_created", subjectId: "rolled-back" });
      expect(pointsOf(member.id)).toBe(contributionRules.post_created.points);
      throw new Error("the action failed");
    });
    await expect(failed).rejects.toThrow("the action failed");
    expect(pointsOf(member.id)).toBe(0);
    expect(badgeOf(member.id, "sharer")).toBeUndefined();
    await write(() => recordContribution({ userId: member.id, kind: "post_created", subjectId: "kept" }));
    expect(pointsOf(member.id)).toBe(contributionRules.post_created.points);
    expect(badgeOf(member.id, "sharer")).toMatchObject({ progress: 1 });
  });
});

describe("badge rules", () => {
  it("Explorer: earned on joining, without points or a notification", async () => {
    const member = await createMember();
    expect(badgeOf(member.id, "explorer")).toMatchObject({ isCompleted: true });
    expect(badgeOf(member.id, "explorer")?.earnedAt?.getTime()).toBe(member.joinedAt.getTime());
    expect(pointsOf(member.id)).toBe(0);
    expect(badgeNotifications(member.id)).toHaveLength(0);
  });

  it("Discusser: a record at the first reply, earned at the fifth, with a notification", async () => {
    const member = await createMember();
    expect(badgeOf(member.id, "discusser")).toBeUndefined();
    await record(member.id, "reply_created", 1);
    expect(badgeOf(member.id, "discusser")).toMatchObject({ progress: 1, isCompleted: false, earnedAt: null });
    await record(member.id, "reply_created", 4, "more");
    expect(badgeOf(member.id, "discusser")).toMatchObject({ progress: 5, isCompleted: true });
    const notifications = badgeNotifications(member.id);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({ message: "You earned the Discusser badge!", link: "/badges", actorId: null });
  });

  it("Sharer: posts and shared resources both count, to 3", async () => {
    const member = await createMember();
    await record(member.id, "post_created", 2);
    expect(badgeOf(member.id, "sharer")).toMatchObject({ progress: 2, isCompleted: false });
    await record(member.id, "resource_shared", 1);
    expect(badgeOf(member.id, "sharer")).toMatchObject({ progress: 3, isCompleted: true });
  });

  it("Meeting Regular: 10 meetings attended; attendee (when such a badge exists): the first one", async () => {
    db()
      .insert(schema.badges)
      .values({ name: "Attendee", type: "attendee", description: "d", iconClass: "🎟️", colorClass: "c", pointsRequired: 1, criteriaDescription: "Attend a meeting", category: "Community Engagement" })
      .onConflictDoNothing()
      .run();
    const member = await createMember();
    await record(member.id, "meeting_attended", 1);
    expect(badgeOf(member.id, "attendee")).toMatchObject({ progress: 1, isCompleted: true });
    expect(badgeOf(member.id, "meeting_regular")).toMatchObject({ progress: 1, isCompleted: false });
    await record(member.id, "meeting_attended", 9, "later");
    expect(badgeOf(member.id, "meeting_regular")).toMatchObject({ progress: 10, isCompleted: true });
    db().delete(schema.badges).where(eq(schema.badges.type, "attendee")).run();
  });

  it("AI Innovator: 50 likes received", async () => {
    const member = await createMember();
    await record(member.id, "like_received", 49);
    expect(badgeOf(member.id, "ai_innovator")).toMatchObject({ progress: 49, isCompleted: false });
    await record(member.id, "like_received", 1, "last");
    expect(badgeOf(member.id, "ai_innovator")).toMatchObject({ progress: 50, isCompleted: true });
  });

  it("Community Helper: 25 replies on other members' posts", async () => {
    const member = await createMember();
    await record(member.id, "reply_to_other", 25);
    expect(badgeOf(member.id, "community_helper")).toMatchObject({ progress: 25, isCompleted: true });
  });

  it("Music Lover: ratings and comments on artists, to 5", async () => {
    const member = await createMember();
    await record(member.id, "artist_rated", 3);
    await record(member.id, "artist_commented", 1);
    expect(badgeOf(member.id, "music_lover")).toMatchObject({ progress: 4, isCompleted: false });
    await record(member.id, "artist_commented", 1, "again");
    expect(badgeOf(member.id, "music_lover")).toMatchObject({ progress: 5, isCompleted: true });
  });

  it("Resource Guru: 10 shared resources", async () => {
    const member = await createMember();
    await record(member.id, "resource_shared", 10);
    expect(badgeOf(member.id, "resource_guru")).toMatchObject({ progress: 10, isCompleted: true });
  });

  it("Quads Master: 500 points, dated when the total crossed 500", async () => {
    const member = await createMember();
    const start = Date.UTC(2025, 0, 1);
    for (let index = 0; index < 50; index += 1) {
      await recordContribution({ userId: member.id, kind: "post_created", subjectId: index, at: new Date(start + index * 60_000) });
      if (index === 48) expect(badgeOf(member.id, "quads_master")).toMatchObject({ progress: 490, isCompleted: false });
    }
    expect(pointsOf(member.id)).toBe(500);
    expect(badgeOf(member.id, "quads_master")).toMatchObject({ progress: 500, isCompleted: true });
    expect(badgeOf(member.id, "quads_master")?.earnedAt?.getTime()).toBe(start + 49 * 60_000);
  });
});

describe("revokeContribution", () => {
  it("takes the points back and lowers progress; a badge falling to 0 is locked again", async () => {
    const member = await createMember();
    await recordContribution({ userId: member.id, kind: "post_created", subjectId: 1 });
    await recordContribution({ userId: member.id, kind: "post_created", subjectId: 2 });
    expect(pointsOf(member.id)).toBe(20);
    await revokeContribution({ userId: member.id, kind: "post_created", subjectId: 2 });
    expect(pointsOf(member.id)).toBe(10);
    expect(badgeOf(member.id, "sharer")).toMatchObject({ progress: 1, isCompleted: false });
    await revokeContribution({ userId: member.id, kind: "post_created", subjectId: 1 });
    await revokeContribution({ userId: member.id, kind: "post_created", subjectId: 1 });
    expect(pointsOf(member.id)).toBe(0);
    expect(badgeOf(member.id, "sharer")).toBeUndefined();
  });

  it("keeps an earned badge (progress follows the ledger) and does not notify twice when it is reached again", async () => {
    const member = await createMember();
    await record(member.id, "post_created", 3);
    expect(badgeOf(member.id, "sharer")).toMatchObject({ isCompleted: true });
    await revokeContribution({ userId: member.id, kind: "post_created", subjectId: "post_created-2" });
    expect(badgeOf(member.id, "sharer")).toMatchObject({ progress: 2, isCompleted: true });
    await record(member.id, "post_created", 3);
    expect(badgeNotifications(member.id).filter((row) => row.message.includes("Sharer"))).toHaveLength(1);
  });
});

/* ------------------------------------------------------------------------------------------ */
/* recompute == incremental                                                                    */
/* ------------------------------------------------------------------------------------------ */

type Snapshot = {
  points: Record<string, number>;
  ledger: string[];
  badges: string[];
};

function snapshot(userIds: string[]): Snapshot {
  const inList = userIds.map(() => "?").join(",");
  const points = Object.fromEntries(
    (db().$client.prepare(`SELECT id, points FROM users WHERE id IN (${inList})`).all(...userIds) as { id: string; points: number }[]).map((row) => [
      row.id,
      row.points,
    ]),
  );
  const ledger = (
    db().$client.prepare(`SELECT user_id, kind, subject_id, points, created_at FROM contributions WHERE user_id IN (${inList}) ORDER BY 1, 2, 3`).all(...userIds) as Record<
      string,
      unknown
    >[]
  ).map((row) => Object.values(row).join("|"));
  const badges = (
    db()
      .$client.prepare(
        `SELECT ub.user_id, b.type, ub.progress, ub.is_completed, ub.earned_at FROM user_badges ub JOIN badges b ON b.id = ub.badge_id
         WHERE ub.user_id IN (${inList}) ORDER BY 1, 2`,
      )
      .all(...userIds) as Record<string, unknown>[]
  ).map((row) => Object.values(row).join("|"));
  return { points, ledger, badges };
}

/** Writes history rows as the features do, calling recordContribution / revokeContribution in the same unit of work. */
async function buildCommunity() {
  const [alice, bob, carol] = await Promise.all([createMember({ firstName: "Alice" }), createMember({ firstName: "Bob" }), createMember({ firstName: "Carol" })]);
  const base = Date.UTC(2025, 2, 1);
  let clock = base;
  const tick = () => new Date((clock += 3_600_000));

  const createPost = (author: string) =>
    write(async (tx) => {
      const createdAt = tick();
      const [post] = await tx.insert(schema.posts).values({ title: "T", content: "C", authorId: author, createdAt, updatedAt: createdAt }).returning();
      await recordContribution({ userId: author, kind: "post_created", subjectId: post.id, at: createdAt });
      return post;
    });
  const reply = (author: string, post: { id: number; authorId: string }) =>
    write(async (tx) => {
      const createdAt = tick();
      const [row] = await tx.insert(schema.replies).values({ content: "R", postId: post.id, authorId: author, createdAt }).returning();
      await recordContribution({ userId: author, kind: "reply_created", subjectId: row.id, at: createdAt });
      if (post.authorId !== author) await recordContribution({ userId: author, kind: "reply_to_other", subjectId: row.id, at: createdAt });
      return row;
    });
  const like = (liker: string, post: { id: number; authorId: string }) =>
    write(async (tx) => {
      const createdAt = tick();
      await tx.insert(schema.postLikes).values({ postId: post.id, userId: liker, createdAt });
      await recordContribution({ userId: post.authorId, kind: "like_received", subjectId: `${post.id}:${liker}`, at: createdAt });
    });
  const unlike = (liker: string, post: { id: number; authorId: string }) =>
    write(async (tx) => {
      await tx.delete(schema.postLikes).where(and(eq(schema.postLikes.postId, post.id), eq(schema.postLikes.userId, liker)));
      await revokeContribution({ userId: post.authorId, kind: "like_received", subjectId: `${post.id}:${liker}` });
    });
  const deleteReply = (row: { id: number; authorId: string }) =>
    write(async (tx) => {
      await tx.delete(schema.replies).where(eq(schema.replies.id, row.id));
      await revokeContribution({ userId: row.authorId, kind: "reply_created", subjectId: row.id });
      await revokeContribution({ userId: row.authorId, kind: "reply_to_other", subjectId: row.id });
    });

  const alicePosts = [];
  for (let index = 0; index < 4; index += 1) alicePosts.push(await createPost(alice.id));
  const bobPost = await createPost(bob.id);
  const bobReplies = [];
  for (const post of alicePosts) bobReplies.push(await reply(bob.id, post), await reply(bob.id, post));
  await reply(alice.id, alicePosts[0]);
  await reply(carol.id, bobPost);
  for (const post of alicePosts) {
    await like(bob.id, post);
    await like(carol.id, post);
  }
  await like(alice.id, bobPost);
  await unlike(carol.id, alicePosts[3]);
  await deleteReply(bobReplies[7]);
  await deleteReply(bobReplies[6]);
  await deleteReply(bobReplies[5]);

  await write(async (tx) => {
    const scheduledAt = tick();
    const [meeting] = await tx.insert(schema.meetings).values({ title: "M", scheduledAt }).returning();
    await tx.insert(schema.meetingAttendees).values({ meetingId: meeting.id, userId: carol.id, attended: true });
    await recordContribution({ userId: carol.id, kind: "meeting_attended", subjectId: meeting.id, at: scheduledAt });
  });
  await write(async (tx) => {
    const createdAt = tick();
    const [resource] = await tx.insert(schema.resources).values({ title: "R", url: "https://example.com", resourceType: "tool", submittedBy: carol.id, createdAt }).returning();
    await recordContribution({ userId: carol.id, kind: "resource_shared", subjectId: resource.id, at: createdAt });
    const ratedAt = tick();
    await tx.insert(schema.resourceRatings).values({ resourceId: resource.id, userId: bob.id, rating: 4, createdAt: ratedAt });
    await recordContribution({ userId: bob.id, kind: "resource_rated", subjectId: resource.id, at: ratedAt });
  });
  await write(async (tx) => {
    const createdAt = tick();
    const [artist] = await tx.insert(schema.musicArtists).values({ name: "A", createdAt }).returning();
    const ratedAt = tick();
    await tx.insert(schema.artistRatings).values({ artistId: artist.id, userId: carol.id, rating: 5, createdAt: ratedAt });
    await recordContribution({ userId: carol.id, kind: "artist_rated", subjectId: artist.id, at: ratedAt });
    const commentedAt = tick();
    const [comment] = await tx.insert(schema.artistComments).values({ artistId: artist.id, userId: carol.id, comment: "Nice", createdAt: commentedAt }).returning();
    await recordContribution({ userId: carol.id, kind: "artist_commented", subjectId: comment.id, at: commentedAt });
  });
  return [alice.id, bob.id, carol.id];
}

describe("recomputeAllBadges", () => {
  it("gives the same ledger, points and badges as the incremental path, and a second run changes nothing", async () => {
    const userIds = await buildCommunity();
    const incremental = snapshot(userIds);
    expect(incremental.points[userIds[0]]).toBeGreaterThan(0);
    expect(incremental.badges.some((row) => row.includes("|sharer|3|1|"))).toBe(true);
    expect(incremental.badges.some((row) => row.includes("|discusser|5|1|"))).toBe(true);

    // Over the live database: nothing of these members changes.
    await recomputeAllBadges();
    expect(snapshot(userIds)).toEqual(incremental);

    // From nothing: wipe the ledger, the badges and the points, then rebuild from the history.
    const inList = userIds.map(() => "?").join(",");
    db().$client.prepare(`DELETE FROM contributions WHERE user_id IN (${inList})`).run(...userIds);
    db().$client.prepare(`DELETE FROM user_badges WHERE user_id IN (${inList})`).run(...userIds);
    db().$client.prepare(`UPDATE users SET points = 0 WHERE id IN (${inList})`).run(...userIds);
    await recomputeAllBadges();
    expect(snapshot(userIds)).toEqual(incremental);

    const again = await recomputeAllBadges();
    expect(again).toMatchObject({ contributionsAdded: 0, contributionsRemoved: 0, contributionsRevalued: 0, pointsChanged: 0, badgesEarned: 0 });
    expect(snapshot(userIds)).toEqual(incremental);
  });

  it("keeps a badge that was earned and then undone, like the incremental path", async () => {
    const member = await createMember();
    await record(member.id, "reply_created", 5);
    await revokeContribution({ userId: member.id, kind: "reply_created", subjectId: "reply_created-4" });
    await revokeContribution({ userId: member.id, kind: "reply_created", subjectId: "reply_created-3" });
    expect(badgeOf(member.id, "discusser")).toMatchObject({ progress: 3, isCompleted: true });
    await recomputeAllBadges();
    // The ledger rows had no history rows (no replies table rows): the rebuild removes them, the badge stays earned.
    expect(badgeOf(member.id, "discusser")).toMatchObject({ progress: 0, isCompleted: true });
  });

  it("repairs drift: stray rows, wrong points, and missing contributions; keeps admin grants", async () => {
    const member = await createMember();
    await recordContribution({ userId: member.id, kind: "supporter_granted", subjectId: "supporter" });
    await recordContribution({ userId: member.id, kind: "post_created", subjectId: 999_999 });
    db().$client.prepare("UPDATE users SET points = 12345 WHERE id = ?").run(member.id);
    await recomputeAllBadges();
    expect(pointsOf(member.id)).toBe(0);
    expect(badgeOf(member.id, "supporter")).toMatchObject({ isCompleted: true });
    expect(badgeOf(member.id, "explorer")).toMatchObject({ isCompleted: true });
    expect(badgeOf(member.id, "sharer")).toBeUndefined();
  });
});

describe("concurrency", () => {
  it("keeps points exact when several processes record and revoke at once", async () => {
    const member = await createMember();
    const worker = path.resolve("app/features/gamification/test-support/concurrency-worker.ts");
    const runWorker = (index: number) =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, ["--import", "tsx", worker, member.id, String(index)], {
          env: { ...process.env },
          stdio: ["ignore", "inherit", "inherit"],
        });
        child.on("error", reject);
        child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`worker ${index} exited with ${code}`))));
      });
    await Promise.all([0, 1, 2].map(runWorker));
    // Each worker records shared posts 0..39 (recorded once in all), 20 own replies, and revokes its own replies 0..9.
    const expected = 40 * contributionRules.post_created.points + 3 * 10 * contributionRules.reply_created.points;
    expect(ledgerSum(member.id)).toBe(expected);
    expect(pointsOf(member.id)).toBe(expected);
    expect(badgeOf(member.id, "sharer")).toMatchObject({ progress: 3, isCompleted: true });
    expect(badgeOf(member.id, "discusser")).toMatchObject({ progress: 5, isCompleted: true });
    expect(badgeNotifications(member.id).filter((row) => row.message.includes("Discusser"))).toHaveLength(1);
  }, 60_000);
});
