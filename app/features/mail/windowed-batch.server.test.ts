import { beforeEach, describe, expect, it } from "vitest";
import { createMember } from "~/test/factories";
import { run } from "~/test/db";
import { readDb, schema, write, type AppDatabase } from "~/utils/db.server";
import { windowedMailBatches, type BatchKey } from "./windowed-batch.server";

// The window over a real batch table (message_mail_batches: the one whose rows need the least to exist).
const { messageMailBatches: batches, conversations } = schema;
const WINDOW_MS = 15 * 60 * 1000;
const start = new Date(Date.UTC(2026, 10, 27, 9));
const at = (ms: number) => new Date(start.getTime() + ms);

/** The e-mails "sent" by the fake mailBatch, and whether the next ones are to be refused (nothing left to show). */
let mailed: BatchKey[] = [];
let isRefusing = false;

const batchWindow = windowedMailBatches({
  batches,
  subject: batches.conversationId,
  windowMs: WINDOW_MS,
  mailBatch,
});

async function mailBatch(tx: AppDatabase, key: BatchKey, now: Date): Promise<boolean> {
  const [batch] = await tx.select({ sendAt: batches.sendAt, lastSentAt: batches.lastSentAt }).from(batches).where(batchWindow.whereBatch(key)).limit(1);
  if (!batchWindow.isDue(batch, now)) return false;
  const isSent = !isRefusing;
  if (isSent) mailed.push(key);
  await tx.update(batches).set({ pendingCount: 0, ...batchWindow.emptiedTiming(batch, isSent, now) }).where(batchWindow.whereBatch(key));
  return isSent;
}

/** What a feature's queue does: one more item for the batch, timed by the batchWindow. */
async function queue(key: BatchKey, now: Date) {
  await write(async (tx) => {
    const [batch] = await tx.select({ sendAt: batches.sendAt, lastSentAt: batches.lastSentAt }).from(batches).where(batchWindow.whereBatch(key)).limit(1);
    const sendAt = batchWindow.sendAtFor(batch, now);
    await tx
      .insert(batches)
      .values({ userId: key.userId, conversationId: key.subjectId, pendingCount: 1, sendAt })
      .onConflictDoUpdate({ target: [batches.userId, batches.conversationId], set: { sendAt } });
  });
}

const rowOf = async (key: BatchKey) => (await readDb().select({ sendAt: batches.sendAt, lastSentAt: batches.lastSentAt }).from(batches).where(batchWindow.whereBatch(key)))[0];

async function newKey(): Promise<BatchKey> {
  const member = await createMember();
  const [conversation] = await write((tx) => tx.insert(conversations).values({ lastMessageAt: start }).returning({ id: conversations.id }));
  return { userId: member.id, subjectId: conversation.id };
}

beforeEach(async () => {
  await run(`DELETE FROM message_mail_batches`);
  mailed = [];
  isRefusing = false;
});

describe("the window of batched e-mails", () => {
  it("times a new item: at once for a quiet subject, at the window's end after an e-mail, unchanged while pending", () => {
    expect(batchWindow.sendAtFor(undefined, start)).toEqual(start);
    expect(batchWindow.sendAtFor({ sendAt: at(5_000), lastSentAt: null }, start)).toEqual(at(5_000));
    expect(batchWindow.sendAtFor({ sendAt: null, lastSentAt: at(-60_000) }, start)).toEqual(at(WINDOW_MS - 60_000));
    expect(batchWindow.sendAtFor({ sendAt: null, lastSentAt: at(-2 * WINDOW_MS) }, start)).toEqual(start);
    expect(batchWindow.isDue(undefined, start)).toBe(false);
    expect(batchWindow.isDue({ sendAt: null, lastSentAt: null }, start)).toBe(false);
    expect(batchWindow.isDue({ sendAt: at(1), lastSentAt: null }, start)).toBe(false);
    expect(batchWindow.isDue({ sendAt: start, lastSentAt: null }, start)).toBe(true);
    expect(batchWindow.emptiedTiming({ sendAt: start, lastSentAt: at(-WINDOW_MS) }, true, start)).toEqual({ sendAt: null, lastSentAt: start });
    expect(batchWindow.emptiedTiming({ sendAt: start, lastSentAt: at(-WINDOW_MS) }, false, start)).toEqual({ sendAt: null, lastSentAt: at(-WINDOW_MS) });
  });

  it("mails each due batch once per window, folds later items into the next run after the window, and drops a quiet row", async () => {
    const first = await newKey();
    const second = await newKey();
    expect(await batchWindow.hasDue(start)).toBe(false);
    await queue(first, start);
    await queue(second, start);
    expect(await batchWindow.hasDue(start)).toBe(true);
    expect(await batchWindow.sendDue(start)).toBe(2);
    expect(mailed).toEqual([first, second]);

    // Two more items for the first subject within the window: nothing before its end, one e-mail after.
    await queue(first, at(60_000));
    await queue(first, at(120_000));
    expect(await batchWindow.hasDue(at(WINDOW_MS - 1))).toBe(false);
    expect(await batchWindow.sendDue(at(WINDOW_MS - 1))).toBe(0);
    expect(await batchWindow.sendDue(at(WINDOW_MS))).toBe(1);
    expect(mailed).toEqual([first, second, first]);
    expect(await rowOf(first)).toEqual({ sendAt: null, lastSentAt: at(WINDOW_MS) });

    // A window after its last e-mail the second subject's row is quiet: dropped; the first is not quiet yet.
    expect(await batchWindow.hasDue(at(WINDOW_MS + 1))).toBe(true);
    expect(await batchWindow.sendDue(at(WINDOW_MS + 1))).toBe(0);
    expect(await rowOf(second)).toBeUndefined();
    expect(await rowOf(first)).toBeDefined();
    expect(await batchWindow.hasDue(at(WINDOW_MS + 1))).toBe(false);
  });

  it("counts only the e-mails enqueued, and an empty batch keeps the window of its last e-mail", async () => {
    const key = await newKey();
    await queue(key, start);
    await batchWindow.sendDue(start);
    await queue(key, at(60_000));
    isRefusing = true;
    expect(await batchWindow.sendDue(at(WINDOW_MS))).toBe(0);
    expect(await rowOf(key)).toEqual({ sendAt: null, lastSentAt: start });
    // So the next item waits for nothing: the window since the last e-mail is over.
    isRefusing = false;
    await queue(key, at(WINDOW_MS + 1));
    expect((await rowOf(key))?.sendAt).toEqual(at(WINDOW_MS + 1));
  });
});
