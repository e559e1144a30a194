import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMember } from "~/test/factories";
import { readDb, schema, write } from "~/utils/db.server";
import { notifyAllMembers } from "./announce.server";
import {
  deleteNotificationsAbout,
  getNotificationCounts,
  hasUnreadNotification,
  listNotifications,
  markAllNotificationsRead,
  markDiscussionsSeen,
  markNotificationRead,
} from "./notifications.server";
import { notify } from "./notify.server";
import { shellCountColumns } from "./shell-counts.server";

const unreadOf = async (userId: string) => (await getNotificationCounts(userId)).unreadNotifications;
const messagesOf = async (userId: string) => (await listNotifications(userId)).notifications.map((notification) => notification.message);

describe("notifications", () => {
  it("the shell's counts, read on every signed-in page, bind no LIMIT: SQLite would compile the statement again on every run (decision 0126)", () => {
    const db = readDb();
    const { sql: text, params } = db.select(shellCountColumns(db)).from(schema.users).where(eq(schema.users.id, "x")).toSQL();
    expect(text).toMatch(/ limit 1000\)/);
    expect(text).not.toMatch(/limit \?/i);
    expect(params).toEqual(["x"]);
  });

  it("lists newest first, marks one or all read, and never touches another member's", async () => {
    const member = await createMember();
    const actor = await createMember();
    const other = await createMember();
    await notify({ userId: member.id, actorId: actor.id, kind: "reply", message: "older", link: "/post/1#reply-2", at: new Date(1_000) });
    await notify({ userId: member.id, actorId: actor.id, kind: "like", message: "newer", link: "/post/1", at: new Date(2_000) });
    await notify({ userId: other.id, actorId: actor.id, kind: "like", message: "theirs", link: "/post/9" });
    expect(await notify({ userId: member.id, actorId: member.id, kind: "like", message: "self", link: "/post/1" })).toBe(false);

    const { notifications } = await listNotifications(member.id);
    expect(notifications.map((notification) => notification.message)).toEqual(["newer", "older"]);
    expect(await unreadOf(member.id)).toBe(2);
    expect(await hasUnreadNotification({ userId: member.id, actorId: actor.id, kind: "like", link: "/post/1" })).toBe(true);
    expect(await hasUnreadNotification({ userId: member.id, actorId: actor.id, kind: "like", link: "/post/2" })).toBe(false);

    const [theirs] = (await listNotifications(other.id)).notifications;
    expect(await markNotificationRead(member.id, theirs.id)).toBe(false);
    expect(await markNotificationRead(member.id, notifications[0].id)).toBe(true);
    expect(await markNotificationRead(member.id, notifications[0].id)).toBe(false); // already read
    expect(await unreadOf(member.id)).toBe(1);
    expect(await markAllNotificationsRead(member.id)).toBe(1);
    expect(await unreadOf(member.id)).toBe(0);
    expect(await unreadOf(other.id)).toBe(1);

    expect(await deleteNotificationsAbout({ recipientIds: [member.id], link: "/post/1" })).toBe(2);
    expect(await deleteNotificationsAbout({ recipientIds: [], link: "/post/1" })).toBe(0);
    expect((await listNotifications(other.id)).notifications).toHaveLength(1);
    expect(await deleteNotificationsAbout({ recipientIds: [other.id], link: "/post/9" })).toBe(1);
  });

  it("pages with one extra row", async () => {
    const member = await createMember();
    for (let index = 0; index < 5; index += 1) await notify({ userId: member.id, kind: "badge", message: `n${index}`, at: new Date(index * 1000) });
    const first = await listNotifications(member.id, { limit: 3 });
    expect(first.hasMore).toBe(true);
    expect(await listNotifications(member.id, { limit: 3, offset: 3 })).toMatchObject({ hasMore: false });
  });

  it("notify joins the caller's unit of work: rolled back with it, committed with it", async () => {
    const member = await createMember();
    const actor = await createMember();
    await expect(
      write(async () => {
        expect(await notify({ userId: member.id, actorId: actor.id, kind: "reply", message: "rolled back" })).toBe(true);
        // The unit sees its own notification…
        expect(await messagesOf(member.id)).toEqual(["rolled back"]);
        throw new Error("the action failed");
      }),
    ).rejects.toThrow("the action failed");
    // …and nobody sees it once the unit rolled back.
    expect(await messagesOf(member.id)).toEqual([]);
    await write(async () => {
      await notify({ userId: member.id, actorId: actor.id, kind: "reply", message: "kept" });
      expect(await notify({ userId: member.id, actorId: actor.id, kind: "like", message: "kept too", at: new Date(Date.now() + 1_000) })).toBe(true);
    });
    expect(await messagesOf(member.id)).toEqual(["kept too", "kept"]);
  });

  it("announces to every member but the actor, blocks aside, inside the caller's unit", async () => {
    const actor = await createMember();
    const reader = await createMember();
    const at = new Date(Date.now() - 1_000);
    const before = await readDb().$count(schema.notifications);
    const members = await readDb().$count(schema.users);
    const told = await write(() => notifyAllMembers({ actorId: actor.id, kind: "meeting", message: "New meeting", link: "/meetings", at }));
    expect(told).toBe(members - 1);
    expect(await readDb().$count(schema.notifications)).toBe(before + told);
    expect((await listNotifications(reader.id)).notifications[0]).toMatchObject({ kind: "meeting", message: "New meeting", link: "/meetings", isRead: false, createdAt: at });
    expect(await messagesOf(actor.id)).toEqual([]);
  });

  it("counts discussions by others since the member last opened /discussions", async () => {
    const member = await createMember({ joinedAt: new Date(0) });
    await markDiscussionsSeen(member.id, new Date(Date.now() + 60_000));
    expect((await getNotificationCounts(member.id)).unreadDiscussions).toBe(0);
  });

  it("writes the seen mark only when it changes the count (a post by someone else since the mark, not in the future)", async () => {
    const now = Date.now();
    const member = await createMember({ joinedAt: new Date(now - 10 * 60_000) });
    const author = await createMember();
    const post = (authorId: string, createdAt: number) =>
      write((tx) => tx.insert(schema.posts).values({ title: "T", content: "C", authorId, createdAt: new Date(createdAt), updatedAt: new Date(createdAt) }));
    const seenAt = async () => (await readDb().select({ at: schema.users.discussionsSeenAt }).from(schema.users).where(eq(schema.users.id, member.id)))[0].at?.getTime() ?? null;
    const unreadDiscussions = async () => (await getNotificationCounts(member.id)).unreadDiscussions;

    await post(member.id, now - 5 * 60_000);
    expect(await markDiscussionsSeen(member.id, new Date(now))).toBe(false); // only their own post: the count is 0 either way
    expect(await seenAt()).toBeNull();

    await post(author.id, now - 4 * 60_000);
    expect(await unreadDiscussions()).toBe(1);
    expect(await markDiscussionsSeen(member.id, new Date(now))).toBe(true);
    expect(await unreadDiscussions()).toBe(0);
    expect(await markDiscussionsSeen(member.id, new Date(now + 1_000))).toBe(false); // nothing new: no write
    expect(await seenAt()).toBe(now);

    await post(author.id, now + 60 * 60_000); // dated in the future: not yet seen, and no write on every view
    expect(await markDiscussionsSeen(member.id, new Date(now + 2_000))).toBe(false);
    expect(await markDiscussionsSeen(member.id, new Date(now + 3_000))).toBe(false);
    expect(await unreadDiscussions()).toBe(1);
  });
});
