import { describe, expect, it } from "vitest";
import { createMember } from "~/test/factories";
import { getDb, schema } from "~/utils/db.server";
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

describe("notifications", () => {
  it("lists newest first, marks one or all read, and never touches another member's", async () => {
    const member = await createMember();
    const actor = await createMember();
    const other = await createMember();
    notify({ userId: member.id, actorId: actor.id, kind: "reply", message: "older", link: "/post/1#reply-2", at: new Date(1_000) });
    notify({ userId: member.id, actorId: actor.id, kind: "like", message: "newer", link: "/post/1", at: new Date(2_000) });
    notify({ userId: other.id, actorId: actor.id, kind: "like", message: "theirs", link: "/post/9" });
    expect(notify({ userId: member.id, actorId: member.id, kind: "like", message: "self", link: "/post/1" })).toBe(false);

    const { notifications } = listNotifications(member.id);
    expect(notifications.map((notification) => notification.message)).toEqual(["newer", "older"]);
    expect(getNotificationCounts(member.id).unreadNotifications).toBe(2);
    expect(hasUnreadNotification({ userId: member.id, actorId: actor.id, kind: "like", link: "/post/1" })).toBe(true);

    const theirs = listNotifications(other.id).notifications[0];
    expect(markNotificationRead(member.id, theirs.id)).toBe(false);
    expect(markNotificationRead(member.id, notifications[0].id)).toBe(true);
    expect(getNotificationCounts(member.id).unreadNotifications).toBe(1);
    expect(markAllNotificationsRead(member.id)).toBe(1);
    expect(getNotificationCounts(member.id).unreadNotifications).toBe(0);
    expect(getNotificationCounts(other.id).unreadNotifications).toBe(1);

    expect(deleteNotificationsAbout({ recipientIds: [member.id], link: "/post/1" })).toBe(2);
    expect(listNotifications(other.id).notifications).toHaveLength(1);
  });

  it("pages with one extra row", async () => {
    const member = await createMember();
    for (let index = 0; index < 5; index += 1) notify({ userId: member.id, kind: "badge", message: `n${index}`, at: new Date(index * 1000) });
    const first = listNotifications(member.id, { limit: 3 });
    expect(first.hasMore).toBe(true);
    expect(listNotifications(member.id, { limit: 3, offset: 3 })).toMatchObject({ hasMore: false });
  });

  it("counts discussions by others since the member last opened /discussions", async () => {
    const member = await createMember({ joinedAt: new Date(0) });
    markDiscussionsSeen(member.id, new Date(Date.now() + 60_000));
    expect(getNotificationCounts(member.id).unreadDiscussions).toBe(0);
  });

  it("writes the seen mark only when it changes the count (a post by someone else since the mark, not in the future)", async () => {
    const now = Date.now();
    const member = await createMember({ joinedAt: new Date(now - 10 * 60_000) });
    const author = await createMember();
    const post = (authorId: string, createdAt: number) =>
      getDb().insert(schema.posts).values({ title: "T", content: "C", authorId, createdAt: new Date(createdAt), updatedAt: new Date(createdAt) }).run();
    const seenAt = () => getDb().$client.prepare("SELECT discussions_seen_at FROM users WHERE id = ?").pluck().get(member.id);

    post(member.id, now - 5 * 60_000);
    expect(markDiscussionsSeen(member.id, new Date(now))).toBe(false); // only their own post: the count is 0 either way
    expect(seenAt()).toBeNull();

    post(author.id, now - 4 * 60_000);
    expect(getNotificationCounts(member.id).unreadDiscussions).toBe(1);
    expect(markDiscussionsSeen(member.id, new Date(now))).toBe(true);
    expect(getNotificationCounts(member.id).unreadDiscussions).toBe(0);
    expect(markDiscussionsSeen(member.id, new Date(now + 1_000))).toBe(false); // nothing new: no write
    expect(seenAt()).toBe(now);

    post(author.id, now + 60 * 60_000); // dated in the future: not yet seen, and no write on every view
    expect(markDiscussionsSeen(member.id, new Date(now + 2_000))).toBe(false);
    expect(markDiscussionsSeen(member.id, new Date(now + 3_000))).toBe(false);
    expect(getNotificationCounts(member.id).unreadDiscussions).toBe(1);
  });
});
