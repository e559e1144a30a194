import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listAuditEntries } from "~/features/audit/audit.server";
import { recordContribution } from "~/features/gamification/contributions.server";
import { createMember, signedInRequest } from "~/test/factories";
import { getOptionalUser } from "~/features/auth/guards.server";
import { readDb, schema, write } from "~/utils/db.server";
import { changeUserRole, countAdmins, deleteUser, listUsers } from "./users.server";
import { appErrorOfAsync } from "~/test/errors";
import { run } from "~/test/db";

const actorOf = (user: { id: string; email: string }) => ({ id: user.id, email: user.email });

async function createAdmin(overrides: Parameters<typeof createMember>[0] = {}) {
  return createMember({ role: "admin", ...overrides });
}

async function createPost(authorId: string, title = "A post") {
  return (await write((tx) => tx.insert(schema.posts).values({ title, content: "Body", authorId }).returning()))[0];
}

async function createReply(postId: number, authorId: string, parentReplyId: number | null = null) {
  const reply = (await write((tx) => tx.insert(schema.replies).values({ content: "Reply", postId, authorId, parentReplyId }).returning()))[0];
  await recordContribution({ userId: authorId, kind: "reply_created", subjectId: reply.id });
  return reply;
}

async function like(postId: number, likerId: string) {
  await write((tx) => tx.insert(schema.postLikes).values({ postId, userId: likerId }));
  const post = (await readDb().select().from(schema.posts).where(eq(schema.posts.id, postId)))[0]!;
  await recordContribution({ userId: post.authorId, kind: "like_received", subjectId: `${postId}:${likerId}` });
}

/** What the discussions feature keeps on a post: the counters as they were maintained incrementally. */
async function syncPostCounters(postId: number) {
  await run(
      "update posts set likes_count = (select count(*) from post_likes where post_id = posts.id), replies_count = (select count(*) from replies where post_id = posts.id) where id = ?",
    postId);
}

const pointsOf = async (userId: string) => (await readDb().select().from(schema.users).where(eq(schema.users.id, userId)))[0]?.points;
const postOf = async (postId: number) => (await readDb().select().from(schema.posts).where(eq(schema.posts.id, postId)))[0];

describe("listUsers", () => {
  it("searches first name, last name, display name and e-mail, newest first, a page at a time", async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const first = await createMember({ firstName: `${tag}first` });
    const second = await createMember({ lastName: `${tag}last` });
    const third = await createMember({ displayName: `${tag}display` });
    const fourth = await createMember({ email: `${tag}-mail@example.com` });
    const found = await listUsers({ search: tag.toUpperCase() });
    expect(found.users.map((user) => user.id)).toEqual([fourth.id, third.id, second.id, first.id]);
    expect(found.total).toBe(4);
    const paged = await listUsers({ search: tag, page: 2, pageSize: 3 });
    expect(paged.users.map((user) => user.id)).toEqual([first.id]);
    expect(paged.pageCount).toBe(2);
    expect((await listUsers({ search: "%" })).users.every((user) => user.email.includes("%") || user.displayName.includes("%"))).toBe(true);
    expect(found.users[0]).not.toHaveProperty("password");
  });

  it("cuts a search longer than the box's 100 characters instead of failing", async () => {
    const list = await listUsers({ search: `${"a".repeat(100)}zzz` });
    expect(list.search).toBe("a".repeat(100));
    expect(list.total).toBe(0);
  });
});

describe("changeUserRole", () => {
  it("changes a role, records it in the audit log, and the user's next request sees it", async () => {
    const admin = await createAdmin();
    const member = await createMember();
    const updated = await changeUserRole({ actor: actorOf(admin), userId: member.id, input: { role: "moderator" } });
    expect(updated.role).toBe("moderator");
    const user = await getOptionalUser(await signedInRequest(member.id));
    expect(user?.isModerator).toBe(true);
    expect(user?.isAdmin).toBe(false);
    const [entry] = (await listAuditEntries()).entries;
    expect(entry).toMatchObject({ action: "user.role_changed", actorEmail: admin.email, targetId: member.id });
    expect(entry.summary).toContain("member → moderator");
  });

  it("refuses a bad role (400), an unknown user (404), self (403), an ADMIN_EMAIL account (403) and non-admin actors (403)", async () => {
    const admin = await createAdmin();
    const member = await createMember();
    const owner = await createMember({ email: "owner@example.com" });
    const moderator = await createMember({ role: "moderator" });
    expect((await appErrorOfAsync(() => changeUserRole({ actor: actorOf(admin), userId: member.id, input: { role: "king" } }))).status).toBe(400);
    expect((await appErrorOfAsync(() => changeUserRole({ actor: actorOf(admin), userId: "nobody", input: { role: "admin" } }))).status).toBe(404);
    expect((await appErrorOfAsync(() => changeUserRole({ actor: actorOf(admin), userId: admin.id, input: { role: "member" } }))).status).toBe(403);
    expect((await appErrorOfAsync(() => changeUserRole({ actor: actorOf(admin), userId: owner.id, input: { role: "moderator" } }))).status).toBe(403);
    expect((await appErrorOfAsync(() => changeUserRole({ actor: actorOf(moderator), userId: member.id, input: { role: "admin" } }))).status).toBe(403);
  });

  it("never leaves the community without an admin (409)", async () => {
    // Only possible when an admin acts on a stale check: demote every other admin first.
    const others = await readDb().select().from(schema.users);
    for (const user of others) await write((tx) => tx.update(schema.users).set({ role: "member" }).where(eq(schema.users.id, user.id)));
    await write((tx) => tx.delete(schema.users).where(eq(schema.users.email, "owner@example.com")));
    const first = await createAdmin();
    const second = await createAdmin();
    expect(await countAdmins()).toBe(2);
    await changeUserRole({ actor: actorOf(first), userId: second.id, input: { role: "member" } });
    // `second` was demoted a moment ago: its own request is refused inside the transaction.
    expect((await appErrorOfAsync(() => changeUserRole({ actor: actorOf(second), userId: first.id, input: { role: "member" } }))).status).toBe(403);
    expect(await countAdmins()).toBe(1);
  });
});

describe("deleteUser", () => {
  it("deletes the user, revokes their sessions and keeps every counter and other members' points exact", async () => {
    const admin = await createAdmin();
    const doomed = await createMember();
    const author = await createMember();
    const replier = await createMember();
    const sessionRequest = await signedInRequest(doomed.id);

    // The doomed member likes and replies on author's post; replier answers under doomed's reply.
    const authorPost = await createPost(author.id);
    await like(authorPost.id, doomed.id);
    await like(authorPost.id, replier.id);
    const doomedReply = await createReply(authorPost.id, doomed.id);
    const nested = await createReply(authorPost.id, replier.id, doomedReply.id);
    const keptReply = await createReply(authorPost.id, replier.id);
    await syncPostCounters(authorPost.id);

    // Doomed's own post gets a like from author and a reply from replier.
    const doomedPost = await createPost(doomed.id);
    await like(doomedPost.id, author.id);
    await createReply(doomedPost.id, replier.id);

    // A meeting registration and a resource rating.
    const meeting = (await write((tx) => tx.insert(schema.meetings).values({ title: "Weekly", scheduledAt: new Date(Date.now() + 86_400_000), attendeesCount: 2 }).returning()))[0];
    await write((tx) => tx.insert(schema.meetingAttendees).values([{ meetingId: meeting.id, userId: doomed.id }, { meetingId: meeting.id, userId: author.id }]));
    const resource = (await write((tx) => tx.insert(schema.resources).values({ title: "Tool", url: "https://tool.example", resourceType: "tool", rating: 3, reviewsCount: 2 }).returning()))[0];
    await write((tx) => tx.insert(schema.resourceRatings).values([{ resourceId: resource.id, userId: doomed.id, rating: 1 }, { resourceId: resource.id, userId: author.id, rating: 5 }]));

    expect(await postOf(authorPost.id)).toMatchObject({ likesCount: 2, repliesCount: 3 });
    const authorPointsBefore = (await pointsOf(author.id))!;
    const replierPointsBefore = (await pointsOf(replier.id))!;

    await deleteUser({ actor: actorOf(admin), userId: doomed.id });

    expect((await readDb().select().from(schema.users).where(eq(schema.users.id, doomed.id)))[0]).toBeUndefined();
    expect(await readDb().select().from(schema.sessions).where(eq(schema.sessions.userId, doomed.id))).toEqual([]);
    expect(await getOptionalUser(new Request(sessionRequest.url, { headers: sessionRequest.headers }))).toBeNull();

    // author's post: one like left (replier's); the doomed reply and the nested reply under it are gone.
    expect(await postOf(authorPost.id)).toMatchObject({ likesCount: 1, repliesCount: 1 });
    expect((await readDb().select().from(schema.replies).where(eq(schema.replies.postId, authorPost.id))).map((reply) => reply.id)).toEqual([keptReply.id]);
    expect(await postOf(doomedPost.id)).toBeUndefined();
    expect(nested.id).toBeGreaterThan(0);

    // author lost the like doomed gave (2 points); replier lost the nested reply and the reply on doomed's post (5 each).
    expect(await pointsOf(author.id)).toBe(authorPointsBefore - 2);
    expect(await pointsOf(replier.id)).toBe(replierPointsBefore - 10);
    const sumOf = async (userId: string) =>
      (await readDb().select().from(schema.contributions).where(eq(schema.contributions.userId, userId))).reduce((total, row) => total + row.points, 0);
    expect(await pointsOf(author.id)).toBe(await sumOf(author.id));
    expect(await pointsOf(replier.id)).toBe(await sumOf(replier.id));

    expect((await readDb().select().from(schema.meetings).where(eq(schema.meetings.id, meeting.id)))[0]?.attendeesCount).toBe(1);
    expect((await readDb().select().from(schema.resources).where(eq(schema.resources.id, resource.id)))[0]).toMatchObject({ rating: 5, reviewsCount: 1 });

    const [entry] = (await listAuditEntries()).entries;
    expect(entry).toMatchObject({ action: "user.deleted", targetId: doomed.id, actorEmail: admin.email });
  });

  it("refuses self (403), an ADMIN_EMAIL account (403), an unknown user (404) and non-admins (403)", async () => {
    const admin = await createAdmin();
    const member = await createMember();
    const owner = (await readDb().select().from(schema.users).where(eq(schema.users.email, "owner@example.com")))[0] ?? (await createMember({ email: "owner@example.com" }));
    expect((await appErrorOfAsync(() => deleteUser({ actor: actorOf(admin), userId: admin.id }))).status).toBe(403);
    expect((await appErrorOfAsync(() => deleteUser({ actor: actorOf(admin), userId: owner.id }))).status).toBe(403);
    expect((await appErrorOfAsync(() => deleteUser({ actor: actorOf(admin), userId: "nobody" }))).status).toBe(404);
    expect((await appErrorOfAsync(() => deleteUser({ actor: actorOf(member), userId: admin.id }))).status).toBe(403);
    expect((await readDb().select().from(schema.users).where(eq(schema.users.id, admin.id)))[0]).toBeDefined();
  });
});
