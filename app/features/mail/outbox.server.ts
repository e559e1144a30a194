/**
 * The mail outbox (docs/decisions/0074-mail-outbox.md): requests enqueue a message in their own
 * unit of work and never wait for SMTP; the mail senders (sender.server.ts, one per box that runs a
 * mail worker) call deliverDueMail(), which claims due messages under a lease, delivers them and
 * retries failures with exponential backoff until MAX_ATTEMPTS, recording the last error. Several
 * senders on several boxes send each message once: docs/decisions/0110-background-work-once.md.
 */
import { and, count, desc, eq, gt, gte, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { readDb, schema, write, type AppDatabase } from "~/utils/db.server";
import { literalLimit, queryRows, skipLockedRows } from "~/utils/sql-dialect.server";
import type { MailOutboxRow } from "../../../db/schema";
import { publicUrl, renderMail, type MailContent } from "./templates.server";
import type { MailTransport } from "./transport.server";

/** Delivery attempts before a message is marked failed (a claim counts as one, whether or not its outcome was recorded). */
export const MAX_ATTEMPTS = 8;
/**
 * Claims in a row with no recorded outcome (the sender was killed, or stalled past its lease, during
 * the send) after which a message is marked failed: a message that kills its sender every time
 * is given up after this many tries instead of crash-looping the mail worker forever (decision 0118).
 */
export const MAX_UNFINISHED_CLAIMS = 3;
/** The first retry waits this long; each next one twice as long, at most MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** Messages one delivery round claims. */
const BATCH_SIZE = 20;
/** Sent messages are kept this long for the Mail tab, then swept. */
const KEEP_SENT_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * How long a claimed message is its sender's alone: no other sender (process or box) claims it
 * before then, so a message whose sender was killed mid-send is retried once this has passed.
 */
export const CLAIM_LEASE_MS = 5 * 60 * 1000;
/**
 * The longest one send may take (the transport's timeouts, transport.server.ts, three exchanges of
 * 20 s) with a margin for the boxes' clocks: a send starts only while this much of its lease is
 * left, so a lease never runs out under a send that is still going (decision 0110).
 */
export const LONGEST_SEND_MS = 90_000;

export type MailToSend = {
  to: string;
  subject: string;
  /** What the message is: password_reset, email_verification, password_changed, test, or a notification kind. */
  kind: string;
  headers?: Record<string, string>;
} & ({ content: MailContent } | { text: string; html: string });

/** The insert of one message (shared by enqueueMail and its synchronous twin). */
function insertMessage(db: AppDatabase, message: MailToSend) {
  const { text, html } = "content" in message ? renderMail(message.content) : message;
  return db
    .insert(schema.mailOutbox)
    .values({ to: message.to, subject: message.subject, text, html, headers: message.headers ?? {}, kind: message.kind, nextAttemptAt: new Date() })
    .returning({ id: schema.mailOutbox.id });
}

/**
 * Puts a message in the outbox; returns its id. Inside the caller's unit of work it is a savepoint
 * of it: the message is sent only if the action that caused it commits.
 */
export async function enqueueMail(message: MailToSend): Promise<number> {
  const [row] = await write((tx) => insertMessage(tx, message));
  return row.id;
}

/** How long to wait after the given (1-based) failed attempt. */
export function backoffAfter(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (attempt - 1));
}

/** Whether a message is due (a cheap read the sender polls with; it writes nothing). */
export async function hasDueMail(now = new Date()): Promise<boolean> {
  const [row] = await readDb().select({ id: schema.mailOutbox.id }).from(schema.mailOutbox).where(isDue(now)).limit(literalLimit(1));
  return Boolean(row);
}

function isDue(now: Date): SQL {
  return and(eq(schema.mailOutbox.status, "pending"), lte(schema.mailOutbox.nextAttemptAt, now))!;
}

/**
 * Claims due messages in one unit of work: the first due ones picked (`FOR UPDATE SKIP LOCKED` on
 * PostgreSQL: concurrent claimers skip each other's rows; on SQLite the unit holds the one write
 * lock), then attempts + 1 and `next_attempt_at` moved to the end of the lease, so no other sender,
 * process or box claims them before then, and a sender killed mid-batch leaves them to be retried
 * after it. Up to BATCH_SIZE messages; but a message whose last claim never came back (a sender
 * killed or stalled during it) is claimed alone, and given up after MAX_UNFINISHED_CLAIMS such
 * claims (decision 0118). Returns them oldest first.
 */
async function claimDueMail(now: Date, leaseMs: number): Promise<MailOutboxRow[]> {
  const { mailOutbox } = schema;
  const { claimed, givenUp } = await write(async (tx) => {
    const givenUp = await giveUpLostMessages(tx, now);
    const claimOf = async (which: SQL, limit: number) => {
      // The rows are picked (and on PostgreSQL locked) first, then updated by id: an `UPDATE … WHERE
      // id IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)` may run its subquery again for each row it
      // updates on PostgreSQL, and so claim more than n (one suspect became two in the tests).
      const picked = await queryRows<{ id: number }>(
        tx,
        sql`SELECT ${mailOutbox.id} AS id FROM ${mailOutbox} WHERE ${isDue(now)} AND ${which} ORDER BY ${mailOutbox.unfinishedClaims}, ${mailOutbox.nextAttemptAt}, ${mailOutbox.id} LIMIT ${limit}${skipLockedRows(tx)}`,
      );
      if (picked.length === 0) return [];
      return tx
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1`, unfinishedClaims: sql`${mailOutbox.unfinishedClaims} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
        .where(and(isDue(now), inArray(mailOutbox.id, picked.map((row) => Number(row.id)))))
        .returning();
    };
    // A message whose last claim ended with no outcome may be the one that killed its sender: it
    // goes alone (the fewest unfinished claims first), so it never takes a batch down with it again.
    const suspect = await claimOf(sql`${mailOutbox.unfinishedClaims} > 0`, 1);
    return { givenUp, claimed: suspect.length > 0 ? suspect : await claimOf(sql`${mailOutbox.unfinishedClaims} = 0`, BATCH_SIZE) };
  });
  for (const message of givenUp) logGivenUp(message);
  return claimed.sort((a, b) => a.id - b.id);
}

/** Why a message whose tries never came back is failed (the Mail tab shows it as its last error). */
export const GIVEN_UP_ERROR = "Given up: its sender stopped (killed or timed out) during each of its last tries";

/**
 * Marks failed the due messages whose claims ended without an outcome too often
 * (MAX_UNFINISHED_CLAIMS in a row, or MAX_ATTEMPTS in all): in the claim's unit of work, so exactly
 * one sender on one box marks (and logs) each.
 */
async function giveUpLostMessages(tx: AppDatabase, now: Date) {
  const { mailOutbox } = schema;
  return tx
    .update(mailOutbox)
    .set({ status: "failed", lastError: sql`${GIVEN_UP_ERROR} || coalesce(' (before: ' || ${mailOutbox.lastError} || ')', '')` })
    .where(and(isDue(now), gt(mailOutbox.unfinishedClaims, 0), or(gte(mailOutbox.unfinishedClaims, MAX_UNFINISHED_CLAIMS), gte(mailOutbox.attempts, MAX_ATTEMPTS))))
    .returning({ id: mailOutbox.id, kind: mailOutbox.kind, attempts: mailOutbox.attempts, unfinishedClaims: mailOutbox.unfinishedClaims });
}

/** One line per message given up (docs/operations.md, "Logs"): the operator finds it there and in the Mail tab. */
function logGivenUp(message: { id: number; kind: string; attempts: number; unfinishedClaims: number }) {
  console.error(
    JSON.stringify({ time: new Date().toISOString(), pid: process.pid, level: "error", msg: "mail given up: its sender stopped during each of its last tries", event: "mail_given_up", outboxId: message.id, kind: message.kind, attempts: message.attempts, unfinishedClaims: message.unfinishedClaims }),
  );
}

/**
 * A message's own Message-ID, the same on every attempt: a message sent twice (the at-least-once
 * window of decision 0110: a box killed between SMTP's acceptance and the commit of `sent`) reaches
 * the reader's mail system as the same message, which most of them show once.
 */
export function messageIdOf(message: Pick<MailOutboxRow, "id" | "createdAt">): string {
  return `<outbox-${message.id}-${message.createdAt.getTime()}@${new URL(publicUrl("/")).hostname}>`;
}

/**
 * Claims the due messages under a lease (claimDueMail: senders on any number of boxes never send a
 * message twice at once, and a message whose sender died is retried after the lease), delivers them
 * and records each outcome, each in its own unit of work right after the send (never an SMTP
 * exchange inside a unit). A send starts only while `longestSendMs` of the lease is left; the rest
 * of the batch is handed back, due at once.
 */
export async function deliverDueMail({
  transport,
  now = new Date(),
  isStopping = () => false,
  isAbandoned = () => false,
  leaseMs = CLAIM_LEASE_MS,
  longestSendMs = LONGEST_SEND_MS,
}: {
  transport: MailTransport;
  now?: Date;
  /** Stop before the next message: the claimed rest is handed back, due at once. */
  isStopping?: () => boolean;
  /** The process gave up waiting (the database may be closed): record nothing more. */
  isAbandoned?: () => boolean;
  leaseMs?: number;
  longestSendMs?: number;
}) {
  const claimed = await claimDueMail(now, leaseMs);
  // The lease is counted on this process's monotonic clock from just after the claim.
  const leaseEnds = performance.now() + leaseMs;
  const { mailOutbox } = schema;
  let sent = 0;
  let failed = 0;
  for (const [index, message] of claimed.entries()) {
    if (isStopping() || performance.now() + longestSendMs > leaseEnds) {
      await handBack(claimed.slice(index), now);
      break;
    }
    try {
      await transport.send({ to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers, messageId: messageIdOf(message) });
    } catch (error) {
      if (isAbandoned()) return { sent, failed };
      const isFinal = message.attempts >= MAX_ATTEMPTS;
      // Only while the claim is still this sender's (the same attempt): never over a later claim.
      await write((tx) =>
        tx
          .update(mailOutbox)
          .set({ lastError: describeError(error), unfinishedClaims: 0, ...(isFinal ? { status: "failed" as const } : { nextAttemptAt: new Date(now.getTime() + backoffAfter(message.attempts)) }) })
          .where(and(eq(mailOutbox.id, message.id), eq(mailOutbox.attempts, message.attempts), eq(mailOutbox.status, "pending"))),
      );
      failed += 1;
      continue;
    }
    if (isAbandoned()) return { sent, failed };
    // SMTP accepted it: recorded at once, whoever holds the claim now (decision 0110).
    await write((tx) => tx.update(mailOutbox).set({ status: "sent", sentAt: new Date(), lastError: null, unfinishedClaims: 0 }).where(eq(mailOutbox.id, message.id)));
    sent += 1;
  }
  return { sent, failed };
}

/** Claimed messages that were not tried: their attempt is given back and they are due again (still this sender's claim only). */
async function handBack(messages: Pick<MailOutboxRow, "id" | "attempts">[], now: Date) {
  const { mailOutbox } = schema;
  await write(async (tx) => {
    for (const message of messages) {
      await tx
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} - 1`, unfinishedClaims: sql`${mailOutbox.unfinishedClaims} - 1`, nextAttemptAt: now })
        .where(and(eq(mailOutbox.id, message.id), eq(mailOutbox.attempts, message.attempts), eq(mailOutbox.status, "pending")));
    }
  });
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
}

function isSweepable(now: Date): SQL {
  return and(eq(schema.mailOutbox.status, "sent"), lte(schema.mailOutbox.createdAt, new Date(now.getTime() - KEEP_SENT_MS)))!;
}

/** Whether sent messages are old enough to sweep (a read: the scheduled job claims its run only then). */
export async function hasSentMailToSweep(now = new Date()): Promise<boolean> {
  const [row] = await readDb().select({ id: schema.mailOutbox.id }).from(schema.mailOutbox).where(isSweepable(now)).limit(literalLimit(1));
  return Boolean(row);
}

/** Deletes sent messages older than 30 days (failed ones stay for the admin to see); a scheduled job of the mail worker. */
export async function sweepSentMail(now = new Date()): Promise<void> {
  await write((tx) => tx.delete(schema.mailOutbox).where(isSweepable(now)));
}

export type OutboxSummary = {
  counts: { pending: number; sent: number; failed: number };
  recent: Pick<MailOutboxRow, "id" | "to" | "subject" | "kind" | "status" | "attempts" | "lastError" | "createdAt" | "sentAt" | "nextAttemptAt">[];
};

/** The Mail tab: counts by status and the most recent messages. */
export async function getOutboxSummary({ limit = 25 }: { limit?: number } = {}): Promise<OutboxSummary> {
  const db = readDb();
  const rows = await db.select({ status: schema.mailOutbox.status, total: count() }).from(schema.mailOutbox).groupBy(schema.mailOutbox.status);
  const counts = { pending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = row.total;
  const recent = await db
    .select({
      id: schema.mailOutbox.id,
      to: schema.mailOutbox.to,
      subject: schema.mailOutbox.subject,
      kind: schema.mailOutbox.kind,
      status: schema.mailOutbox.status,
      attempts: schema.mailOutbox.attempts,
      lastError: schema.mailOutbox.lastError,
      createdAt: schema.mailOutbox.createdAt,
      sentAt: schema.mailOutbox.sentAt,
      nextAttemptAt: schema.mailOutbox.nextAttemptAt,
    })
    .from(schema.mailOutbox)
    .orderBy(desc(schema.mailOutbox.id))
    .limit(limit);
  return { counts, recent };
}
