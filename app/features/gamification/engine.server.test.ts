import { spawn } from "node:child_process";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMember } from "~/test/factories";
import { readDb, schema, write } from "~/utils/db.server";
import { recordContribution, revokeContribution } from "./contributions.server";
import { recomputeAllBadges } from "./recompute.server";
import { contributionRules, type BadgeType, type ContributionKind } from "./rules";
import { row, rows, run } from "~/test/db";


async function pointsOf(userId: string): Promise<number> {
  return (await readDb().select({ points: schema.users.points }).from(schema.users).where(eq(schema.users.id, userId)))[0]?.points ?? -1;
}

async function ledgerSum(userId: string): Promise<number> {
  const { total } = (await row("SELECT COALESCE(SUM(points), 0) AS total FROM contributions WHERE user_id = ?", userId)) as { total: number };
  return total;
}

async function badgeOf(userId: string, type: BadgeType) {
  return (await readDb()
    .select({ progress: schema.userBadges.progress, isCompleted: schema.userBadges.isCompleted, earnedAt: schema.userBadges.earnedAt })
    .from(schema.userBadges)
    .innerJoin(schema.badges, eq(schema.badges.id, schema.userBadges.badgeId))
    .where(and(eq(schema.userBadges.userId, userId), eq(schema.badges.type, type))))[0];
}

async function badgeNotifications(userId: string) {
  return await readDb()
    .select()
    .from(schema.notifications)
    .where(and(eq(schema.notifications.userId, userId), eq(schema.notifications.kind, "badge")));
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
      expect(await pointsOf(member.id), kind).toBe(expected);
    }
    expect(await ledgerSum(member.id)).toBe(expected);
  });

  it("gives nothing for liking one's own post", async () => {
    const member = await createMember();
    await recordContribution({ userId: member.id, kind: "like_received", subjectId: `12:${member.id}` });
    expect(await pointsOf(member.id)).toBe(0);
    await recordContribution({ userId: member.id, kind: "like_received", subjectId: "12:someone-else" });
    expect(await pointsOf(member.id)).toBe(contributionRules.like_received.points);
  });
});

describe("recordContribution in the caller's unit of work", () => {
  it("is a savepoint of it: rolled back when the action fails, committed with it otherwise", async () => {
    const member = await createMember();
    const failed = write(async () => {
      await recordContribution({ userId: member.id, kind: "post_created", subjectId: "rolled-back" });
      expect(await pointsOf(member.id)).toBe(contributionRules.post_created.points);
      throw new Error("the action failed");
    });
    await expect(failed).rejects.toThrow("the action failed");
    expect(await pointsOf(member.id)).toBe(0);
    expect(await badgeOf(member.id, "sharer")).toBeUndefined();
    await write(() => recordContribution({ userId: member.id, kind: "post_created", subjectId: "kept" }));
    expect(await pointsOf(member.id)).toBe(contributionRules.post_created.points);
    expect(await badgeOf(member.id, "sharer")).toMatchObject({ progress: 1 });
  });
});

describe("badge rules", () => {
  it("Explorer: earned on joining, without points or a notification", async () => {
    const member = await createMember();
    expect(await badgeOf(member.id, "explorer")).toMatchObject({ isCompleted: true });
    expect((await badgeOf(member.id, "explorer"))?.earnedAt?.getTime()).toBe(member.joinedAt.getTime());
    expect(await pointsOf(member.id)).toBe(0);
    expect(await badgeNotifications(member.id)).toHaveLength(0);
  });

  it("Discusser: a record at the first reply, earned at the fifth, with a notification", async () => {
    const member = await createMember();
    expect(await badgeOf(member.id, "discusser")).toBeUndefined();
    await record(member.id, "reply_created", 1);
    expect(await badgeOf(member.id, "discusser")).toMatchObject({ progress: 1, isCompleted: false, earnedAt: null });
    await record(member.id, "reply_created", 4, "more");
    expect(await badgeOf(member.id, "discusser")).toMatchObject({ progress: 5, isCompleted: true });
    const notifications = await badgeNotifications(member.id);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({ message: "You earned the Discusser badge!", link: "/badges", actorId: null });
  });

  it("Sharer: posts and shared resources both count, to 3", async () => {
    const member = await createMember();
    await record(member.id, "post_created", 2);
    expect(await badgeOf(member.id, "sharer")).toMatchObject({ progress: 2, isCompleted: false });
    await record(member.id, "resource_shared", 1);
    expect(await badgeOf(member.id, "sharer")).toMatchObject({ progress: 3, isCompleted: true });
  });

  it("Meeting Regular: 10 meetings attended; attendee (when such a badge exists): the first one", async () => {
    await write((tx) => tx
      .insert(schema.badges)
      .values({ name: "Attendee", type: "attendee", description: "d", iconClass: "🎟️", colorClass: "c", pointsRequired: 1, criteriaDescription: "Attend a meeting", category: "Community Engagement" })
      .onConflictDoNothing());
    const member = await createMember();
    await record(member.id, "meeting_attended", 1);
    expect(await badgeOf(member.id, "attendee")).toMatchObject({ progress: 1, isCompleted: true });
    expect(await badgeOf(member.id, "meeting_regular")).toMatchObject({ progress: 1, isCompleted: false });
    await record(member.id, "meeting_attended", 9, "later");
    expect(await badgeOf(member.id, "meeting_regular")).toMatchObject({ progress: 10, isCompleted: true });
    await write((tx) => tx.delete(schema.badges).where(eq(schema.badges.type, "attendee")));
  });

  it("AI Innovator: 50 likes received", async () => {
    const member = await createMember();
    await record(member.id, "like_received", 49);
    expect(await badgeOf(member.id, "ai_innovator")).toMatchObject({ progress: 49, isCompleted: false });
    await record(member.id, "like_received", 1, "last");
    expect(await badgeOf(member.id, "ai_innovator")).toMatchObject({ progress: 50, isCompleted: true });
  });

  it("Community Helper: 25 replies on other members' posts", async () => {
    const member = await createMember();
    await record(member.id, "reply_to_other", 25);
    expect(await badgeOf(member.id, "community_helper")).toMatchObject({ progress: 25, isCompleted: true });
  });

  it("Music Lover: ratings and comments on artists, to 5", async () => {
    const member = await createMember();
    await record(member.id, "artist_rated", 3);
    await record(member.id, "artist_commented", 1);
    expect(await badgeOf(member.id, "music_lover")).toMatchObject({ progress: 4, isCompleted: false });
    await record(member.id, "artist_commented", 1, "again");
    expect(await badgeOf(member.id, "music_lover")).toMatchObject({ progress: 5, isCompleted: true });
  });

  it("Resource Guru: 10 shared resources", async () => {
    const member = await createMember();
    await record(member.id, "resource_shared", 10);
    expect(await badgeOf(member.id, "resource_guru")).toMatchObject({ progress: 10, isCompleted: true });
  });

  it("Quads Master: 500 points, dated when the total crossed 500", async () => {
    const member = await createMember();
    const start = Date.UTC(2025, 0, 1);
    for (let index = 0; index < 50; index += 1) {
      await recordContribution({ userId: member.id, kind: "post_created", subjectId: index, at: new Date(start + index * 60_000) });
      if (index === 48) expect(await badgeOf(member.id, "quads_master")).toMatchObject({ progress: 490, isCompleted: false });
    }
    expect(await pointsOf(member.id)).toBe(500);
    expect(await badgeOf(member.id, "quads_master")).toMatchObject({ progress: 500, isCompleted: true });
    expect((await badgeOf(member.id, "quads_master"))?.earnedAt?.getTime()).toBe(start + 49 * 60_000);
  });
});

describe("revokeContribution", () => {
  it("takes the points back and lowers progress; a badge falling to 0 is locked again", async () => {
    const member = await createMember();
    await recordContribution({ userId: member.id, kind: "post_created", subjectId: 1 });
    await recordContribution({ userId: member.id, kind: "post_created", subjectId: 2 });
    expect(await pointsOf(member.id)).toBe(20);
    await revokeContribution({ userId: member.id, kind: "post_created", subjectId: 2 });
    expect(await pointsOf(member.id)).toBe(10);
    expect(await badgeOf(member.id, "sharer")).toMatchObject({ progress: 1, isCompleted: false });
    await revokeContribution({ userId: member.id, kind: "post_created", subjectId: 1 });
    await revokeContribution({ userId: member.id, kind: "post_created", subjectId: 1 });
    expect(await pointsOf(member.id)).toBe(0);
    expect(await badgeOf(member.id, "sharer")).toBeUndefined();
  });

  it("keeps an earned badge (progress follows the ledger) and does not notify twice when it is reached again", async () => {
    const member = await createMember();
    await record(member.id, "post_created", 3);
    expect(await badgeOf(member.id, "sharer")).toMatchObject({ isCompleted: true });
    await revokeContribution({ userId: member.id, kind: "post_created", subjectId: "post_created-2" });
    expect(await badgeOf(member.id, "sharer")).toMatchObject({ progress: 2, isCompleted: true });
    await record(member.id, "post_created", 3);
    expect((await badgeNotifications(member.id)).filter((row) => row.message.includes("Sharer"))).toHaveLength(1);
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

async function snapshot(userIds: string[]): Promise<Snapshot> {
  const inList = userIds.map(() => "?").join(",");
  const points = Object.fromEntries(
    ((await rows(`SELECT id, points FROM users WHERE id IN (${inList})`, ...userIds)) as { id: string; points: number }[]).map((row) => [
      row.id,
      row.points,
    ]),
  );
  const ledger = (
    (await rows(`SELECT user_id, kind, subject_id, points, created_at FROM contributions WHERE user_id IN (${inList}) ORDER BY 1, 2, 3`, ...userIds)) as Record<
      string,
      unknown
    >[]
  ).map((row) => Object.values(row).join("|"));
  const badges = (
    (await rows(
        `SELECT ub.user_id, b.type, ub.progress, CASE WHEN ub.is_completed THEN 1 ELSE 0 END AS is_completed, ub.earned_at FROM user_badges ub JOIN badges b ON b.id = ub.badge_id
         WHERE ub.user_id IN (${inList}) ORDER BY 1, 2`
      , ...userIds)) as Record<string, unknown>[]
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
    const incremental = await snapshot(userIds);
    expect(incremental.points[userIds[0]]).toBeGreaterThan(0);
    expect(incremental.badges.some((row) => row.includes("|sharer|3|1|"))).toBe(true);
    expect(incremental.badges.some((row) => row.includes("|discusser|5|1|"))).toBe(true);

    // Over the live database: nothing of these members changes.
    await recomputeAllBadges();
    expect(await snapshot(userIds)).toEqual(incremental);

    // From nothing: wipe the ledger, the badges and the points, then rebuild from the history.
    const inList = userIds.map(() => "?").join(",");
    await run(`DELETE FROM contributions WHERE user_id IN (${inList})`, ...userIds);
    await run(`DELETE FROM user_badges WHERE user_id IN (${inList})`, ...userIds);
    await run(`UPDATE users SET points = 0 WHERE id IN (${inList})`, ...userIds);
    await recomputeAllBadges();
    expect(await snapshot(userIds)).toEqual(incremental);

    const again = await recomputeAllBadges();
    expect(again).toMatchObject({ contributionsAdded: 0, contributionsRemoved: 0, contributionsRevalued: 0, pointsChanged: 0, badgesEarned: 0 });
    expect(await snapshot(userIds)).toEqual(incremental);
  });

  it("keeps a badge that was earned and then undone, like the incremental path", async () => {
    const member = await createMember();
    await record(member.id, "reply_created", 5);
    await revokeContribution({ userId: member.id, kind: "reply_created", subjectId: "reply_created-4" });
    await revokeContribution({ userId: member.id, kind: "reply_created", subjectId: "reply_created-3" });
    expect(await badgeOf(member.id, "discusser")).toMatchObject({ progress: 3, isCompleted: true });
    await recomputeAllBadges();
    // The ledger rows had no history rows (no replies table rows): the rebuild removes them, the badge stays earned.
    expect(await badgeOf(member.id, "discusser")).toMatchObject({ progress: 0, isCompleted: true });
  });

  it("repairs drift: stray rows, wrong points, and missing contributions; keeps admin grants", async () => {
    const member = await createMember();
    await recordContribution({ userId: member.id, kind: "supporter_granted", subjectId: "supporter" });
    await recordContribution({ userId: member.id, kind: "post_created", subjectId: 999_999 });
    await run("UPDATE users SET points = 12345 WHERE id = ?", member.id);
    await recomputeAllBadges();
    expect(await pointsOf(member.id)).toBe(0);
    expect(await badgeOf(member.id, "supporter")).toMatchObject({ isCompleted: true });
    expect(await badgeOf(member.id, "explorer")).toMatchObject({ isCompleted: true });
    expect(await badgeOf(member.id, "sharer")).toBeUndefined();
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
    expect(await ledgerSum(member.id)).toBe(expected);
    expect(await pointsOf(member.id)).toBe(expected);
    expect(await badgeOf(member.id, "sharer")).toMatchObject({ progress: 3, isCompleted: true });
    expect(await badgeOf(member.id, "discusser")).toMatchObject({ progress: 5, isCompleted: true });
    expect((await badgeNotifications(member.id)).filter((row) => row.message.includes("Discusser"))).toHaveLength(1);
  }, 60_000);
});
