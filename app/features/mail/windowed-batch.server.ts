/**
 * The window of batched notification e-mails (reply and private-message e-mails; docs/accounts.md,
 * "Notification e-mails", docs/messages.md, "E-mail"): one row per member and subject (a thread, a
 * conversation) in the feature's batch table, mailed at most once per window. The first item of a
 * quiet subject goes with the next run; later ones wait for the window's end and are folded into
 * one e-mail. A row emptied and quiet for a whole window is dropped (the next item is mailed at once
 * anyway). The feature owns its table's other columns and the e-mail; this owns the timing and the
 * scheduled job's loop (each batch is its own unit of work).
 */
import { and, asc, eq, isNull, lt, lte, or } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { readDb, write, type AppDatabase } from "~/utils/db.server";
import { literalLimit } from "~/utils/sql-dialect.server";

/** A batch's timing: `sendAt` null once mailed (nothing pending), `lastSentAt` the last e-mail. */
export type BatchTiming = { sendAt: Date | null; lastSentAt: Date | null };

/** One batch: the member and the subject (a post's id, a conversation's id). */
export type BatchKey = { userId: string; subjectId: number };

/** A feature's batch table: keyed by the member and a subject column, with the window's two times. */
type BatchTable = SQLiteTable & { userId: SQLiteColumn; sendAt: SQLiteColumn; lastSentAt: SQLiteColumn };

/** Batches one run mails (the next run goes on). */
const BATCHES_PER_RUN = 100;

/**
 * The window over a batch table (`subject` its column beside `userId`). `mailBatch` mails one batch
 * inside its unit of work (it reads the row, checks `isDue`, enqueues, and empties the row with
 * `emptiedTiming`) and says whether an e-mail was enqueued.
 */
export function windowedMailBatches({
  batches,
  subject,
  windowMs,
  mailBatch,
}: {
  batches: BatchTable;
  subject: SQLiteColumn;
  windowMs: number;
  mailBatch: (tx: AppDatabase, key: BatchKey, now: Date) => Promise<boolean>;
}) {
  /** A batch quiet for a whole window: its row is not needed. */
  const isQuiet = (now: Date) => and(isNull(batches.sendAt), or(isNull(batches.lastSentAt), lt(batches.lastSentAt, new Date(now.getTime() - windowMs))));

  return {
    /** The condition selecting one batch's row. */
    whereBatch({ userId, subjectId }: BatchKey) {
      return and(eq(batches.userId, userId), eq(subject, subjectId));
    },

    /** When a batch receiving a new item is to be mailed: as it was when pending, else now or the window's end after the last e-mail. */
    sendAtFor(batch: BatchTiming | undefined, now: Date): Date {
      return batch?.sendAt ?? new Date(Math.max(now.getTime(), (batch?.lastSentAt?.getTime() ?? 0) + windowMs));
    },

    /** Whether a batch read in the unit of work is pending and its time has come. */
    isDue(batch: BatchTiming | undefined, now: Date): batch is BatchTiming & { sendAt: Date } {
      return batch !== undefined && batch.sendAt !== null && batch.sendAt.getTime() <= now.getTime();
    },

    /** The timing of a batch just mailed (or found empty: then the window still runs from the last e-mail). */
    emptiedTiming(batch: BatchTiming, isSent: boolean, now: Date): { sendAt: null; lastSentAt: Date | null } {
      return { sendAt: null, lastSentAt: isSent ? now : batch.lastSentAt };
    },

    /** Whether a batch is due or a quiet row can go (a read: the scheduler claims a run only then, decision 0110). */
    async hasDue(now = new Date()): Promise<boolean> {
      const [row] = await readDb()
        .select({ userId: batches.userId })
        .from(batches)
        .where(or(lte(batches.sendAt, now), isQuiet(now)))
        .limit(literalLimit(1));
      return Boolean(row);
    },

    /** The scheduled job: mails every batch whose time has come, each in its own unit of work, and drops quiet rows. Returns the e-mails enqueued. */
    async sendDue(now = new Date()): Promise<number> {
      const due = (await readDb()
        .select({ userId: batches.userId, subjectId: subject })
        .from(batches)
        .where(lte(batches.sendAt, now))
        .orderBy(asc(batches.sendAt))
        .limit(literalLimit(BATCHES_PER_RUN))) as BatchKey[];
      let sent = 0;
      for (const key of due) {
        if (await write((tx) => mailBatch(tx, key, now))) sent += 1;
      }
      const quiet = isQuiet(now);
      const [anyQuiet] = await readDb().select({ userId: batches.userId }).from(batches).where(quiet).limit(literalLimit(1));
      if (anyQuiet) await write((tx) => tx.delete(batches).where(quiet));
      return sent;
    },
  };
}
