import { describe, expect, it } from "vitest";
import { createActor, createTestPost } from "~/features/discussions/test-helpers";
import { likePost } from "~/features/discussions/posts.server";
import { createReply } from "~/features/discussions/replies.server";
import { listNotifications } from "~/features/notifications/notifications.server";
import { notify } from "~/features/notifications/notify.server";
import { createMember } from "~/test/factories";
import { blockedIdsOf, blockMember, blockMessages, getBlockState, listBlockedMembers, unblockMember } from "./blocks.server";
import { appErrorOfAsync } from "~/test/errors";
import { row, run } from "~/test/db";

describe("blocking", () => {
  it("blocks once (idempotent), lists the blocked member without an e-mail, and unblocks", async () => {
    const blocker = await createMember();
    const blocked = await createMember({ displayName: "Noisy Ned" });

    expect(await blockMember({ blocker, memberId: blocked.id })).toEqual({ blocked: true, created: true, name: "Noisy Ned" });
    expect(await blockMember({ blocker, memberId: blocked.id })).toEqual({ blocked: true, created: false, name: "Noisy Ned" });

    const list = await listBlockedMembers(blocker.id);
    expect(list).toEqual([{ id: blocked.id, displayName: "Noisy Ned", blockedAt: expect.any(Date) }]);
    expect(JSON.stringify(list)).not.toContain(blocked.email);
    expect([...(await blockedIdsOf(blocker.id))]).toEqual([blocked.id]);
    // One way only: the blocked member has blocked nobody.
    expect((await blockedIdsOf(blocked.id)).size).toBe(0);
    expect(await getBlockState({ viewerId: blocker.id, memberId: blocked.id })).toEqual({ isBlocked: true, canBlock: true });

    expect(await unblockMember({ blocker, memberId: blocked.id })).toEqual({ blocked: false, name: "Noisy Ned" });
    expect(await unblockMember({ blocker, memberId: blocked.id })).toEqual({ blocked: false, name: "Noisy Ned" });
    expect(await listBlockedMembers(blocker.id)).toEqual([]);
    expect(await getBlockState({ viewerId: blocker.id, memberId: blocked.id })).toEqual({ isBlocked: false, canBlock: true });
  });

  it("refuses oneself and staff (400), unknown members (404) and an empty id (400)", async () => {
    const blocker = await createMember();
    const moderator = await createMember({ role: "moderator" });
    const admin = await createMember({ role: "admin" });
    const owner = await createMember({ email: "owner@example.com" });

    expect(await appErrorOfAsync(() => blockMember({ blocker, memberId: blocker.id }))).toMatchObject({ status: 400, message: blockMessages.self });
    for (const staff of [moderator, admin, owner]) {
      expect(await appErrorOfAsync(() => blockMember({ blocker, memberId: staff.id }))).toMatchObject({ status: 400, message: blockMessages.staff });
      expect(await getBlockState({ viewerId: blocker.id, memberId: staff.id })).toEqual({ isBlocked: false, canBlock: false });
    }
    expect(await appErrorOfAsync(() => blockMember({ blocker, memberId: "nobody" }))).toMatchObject({ status: 404, message: "Member not found" });
    expect((await appErrorOfAsync(() => unblockMember({ blocker, memberId: "nobody" }))).status).toBe(404);
    expect((await appErrorOfAsync(() => blockMember({ blocker, memberId: "" }))).status).toBe(400);
    expect((await appErrorOfAsync(() => blockMember({ blocker, memberId: undefined }))).status).toBe(400);
    expect((await appErrorOfAsync(() => unblockMember({ blocker, memberId: blocker.id }))).status).toBe(400);
    expect(await getBlockState({ viewerId: blocker.id, memberId: blocker.id })).toEqual({ isBlocked: false, canBlock: false });
    expect(await listBlockedMembers(blocker.id)).toEqual([]);
  });

  it("stops collapsing a member who became staff, but keeps the block listed so it can be removed", async () => {
    const blocker = await createMember();
    const blocked = await createMember();
    await blockMember({ blocker, memberId: blocked.id });
    await run(`UPDATE users SET role = 'moderator' WHERE id = ?`, blocked.id);
    expect((await blockedIdsOf(blocker.id)).size).toBe(0);
    expect((await listBlockedMembers(blocker.id)).map((member) => member.id)).toEqual([blocked.id]);
    expect(await getBlockState({ viewerId: blocker.id, memberId: blocked.id })).toEqual({ isBlocked: true, canBlock: false });
    expect((await unblockMember({ blocker, memberId: blocked.id })).blocked).toBe(false);
  });

  it("goes away with either account (foreign keys cascade)", async () => {
    const blocker = await createMember();
    const blocked = await createMember();
    await blockMember({ blocker, memberId: blocked.id });
    await run(`DELETE FROM users WHERE id = ?`, blocked.id);
    expect(await listBlockedMembers(blocker.id)).toEqual([]);
    const count = (await row(`SELECT count(*) AS total FROM user_blocks WHERE blocker_id = ?`, blocker.id)) as { total: number };
    expect(count.total).toBe(0);
  });

  it("notify() writes nothing for a recipient who blocked the actor: likes, replies, anything with an actor", async () => {
    const author = await createActor();
    const blocked = await createActor();
    const other = await createActor();
    const post = await createTestPost(author, { title: "Quiet please" });
    await blockMember({ blocker: author, memberId: blocked.id });

    await likePost({ actor: blocked, postId: post.id });
    await createReply({ actor: blocked, postId: post.id, input: { content: "Hello?" } });
    expect(await notify({ userId: author.id, actorId: blocked.id, kind: "reply", message: "a mention, later" })).toBe(false);
    expect((await listNotifications(author.id)).notifications).toEqual([]);

    // Others still notify; system notifications (no actor) still arrive.
    await likePost({ actor: other, postId: post.id });
    expect(await notify({ userId: author.id, kind: "badge", message: "Badge earned" })).toBe(true);
    expect((await listNotifications(author.id)).notifications.map((notification) => notification.kind).sort()).toEqual(["badge", "like"]);

    // The blocked member is still notified of the blocker's actions (blocking is one-way, as Discourse's ignore).
    const theirPost = await createTestPost(blocked, { title: "Mine" });
    await likePost({ actor: author, postId: theirPost.id });
    expect((await listNotifications(blocked.id)).notifications).toHaveLength(1);

    await unblockMember({ blocker: author, memberId: blocked.id });
    await createReply({ actor: blocked, postId: post.id, input: { content: "Back again" } });
    expect((await listNotifications(author.id)).notifications.filter((notification) => notification.kind === "reply")).toHaveLength(1);
  });
});
