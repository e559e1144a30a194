/**
 * Replies on the async data layer (docs/decisions/0102-async-data-layer.md): a reply, its edit and
 * its deletion are units of work that wait their turn for the writer (never a 503 while another
 * request's unit is open), their checks and writes are one unit (a post deleted meanwhile is a 404),
 * and what they write beside the reply (count, points, notification, reply e-mail) commits or rolls
 * back with it.
 */
import { eq } from "drizzle-orm";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { statusOfAsync } from "~/test/errors";
import { schema, write } from "~/utils/db.server";
import { createReply, deleteReply, findReply, listReplies, updateReply } from "./replies.server";
import { createActor, createTestPost, pointsOf, scalar } from "./test-helpers";

/** Opens a unit of work that holds the writer until `release()` (another request awaiting something outside the database). */
async function holdWriter(work: (tx: Parameters<Parameters<typeof write>[0]>[0]) => Promise<void> = async () => {}) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let worked!: () => void;
  const done = new Promise<void>((resolve) => (worked = resolve));
  // The unit begins, does `work` and stays open, uncommitted, until `release` (on PostgreSQL, where
  // units run side by side, its rows stay locked: another unit touching them waits for it).
  const held = write(async (tx) => {
    await work(tx);
    worked();
    await released;
  });
  await done;
  await sleep(1);
  return { release, held };
}

describe("replies on the async data layer", () => {
  it("waits for another request's unit of work instead of refusing: a reply, its edit and its deletion", async () => {
    const author = await createActor();
    const replier = await createActor();
    const post = await createTestPost(author);

    let writer = await holdWriter();
    const creating = createReply({ actor: replier, postId: post.id, input: { content: "Queued behind another unit" } });
    await sleep(5);
    writer.release();
    await writer.held;
    const reply = await creating;
    expect(reply.content).toBe("Queued behind another unit");

    writer = await holdWriter();
    const editing = updateReply({ actor: replier, postId: post.id, replyId: reply.id, input: { content: "Edited while waiting" } });
    await sleep(5);
    writer.release();
    await writer.held;
    expect((await editing).content).toBe("Edited while waiting");

    writer = await holdWriter();
    const deleting = deleteReply({ actor: replier, postId: post.id, replyId: reply.id });
    await sleep(5);
    writer.release();
    await writer.held;
    expect(await deleting).toEqual({ deleted: 1 });
    expect(await findReply(reply.id)).toBeNull();
    expect(await scalar(`SELECT replies_count FROM posts WHERE id = ?`, post.id)).toBe(0);
  });

  it("checks the post inside its unit: a post deleted while the reply waited is a 404, not a failed insert", async () => {
    const author = await createActor();
    const replier = await createActor();
    const post = await createTestPost(author);
    const writer = await holdWriter(async (tx) => {
      await tx.delete(schema.posts).where(eq(schema.posts.id, post.id));
    });
    const creating = statusOfAsync(() => createReply({ actor: replier, postId: post.id, input: { content: "Too late" } }));
    await sleep(5);
    writer.release();
    await writer.held;
    expect(await creating).toBe(404);
  });

  it("commits or rolls back with the unit it runs in: the reply, the count, the points, the notification and the reply e-mail", async () => {
    const author = await createActor();
    const replier = await createActor();
    const post = await createTestPost(author);
    const pointsBefore = await pointsOf(replier.id);
    const notificationsOf = (userId: string) => scalar(`SELECT count(*) FROM notifications WHERE user_id = ?`, userId);
    const batchesOf = (userId: string) => scalar(`SELECT count(*) FROM reply_mail_batches WHERE user_id = ?`, userId);
    const notificationsBefore = await notificationsOf(author.id);

    const failure = new Error("the outer unit fails after the reply");
    await expect(
      write(async () => {
        await createReply({ actor: replier, postId: post.id, input: { content: "Rolled back" } });
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await listReplies(post.id)).toEqual([]);
    expect(await scalar(`SELECT replies_count FROM posts WHERE id = ?`, post.id)).toBe(0);
    expect(await pointsOf(replier.id)).toBe(pointsBefore);
    expect(await notificationsOf(author.id)).toBe(notificationsBefore);
    expect(await batchesOf(author.id)).toBe(0);

    await write(async () => {
      await createReply({ actor: replier, postId: post.id, input: { content: "Kept" } });
    });
    expect((await listReplies(post.id)).map((reply) => reply.content)).toEqual(["Kept"]);
    expect(await scalar(`SELECT replies_count FROM posts WHERE id = ?`, post.id)).toBe(1);
    expect(await pointsOf(replier.id)).toBeGreaterThan(pointsBefore);
    expect(await notificationsOf(author.id)).toBe(notificationsBefore + 1);
    expect(await batchesOf(author.id)).toBe(1);
  });
});
