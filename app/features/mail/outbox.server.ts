/**
 * The mail outbox (docs/decisions/0074-mail-outbox.md): requests enqueue a message in their own
 * unit of work and never wait for SMTP; the cluster's one mail sender (sender.server.ts) calls
 * deliverDueMail(), which claims due messages, delivers them and retries failures with
 * exponential backoff until MAX_ATTEMPTS, recording the last error.
 */
import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import { readDb, schema, write, type AppDatabase } from "~/utils/db.server";
import type { MailOutboxRow } from "../../../db/schema";
import { renderMail, type MailContent } from "./templates.server";
import type { MailTransport } from "./transport.server";

/** Delivery attempts before a message is marked failed. */
export const MAX_ATTEMPTS = 8;
/** The first retry waits this long; each next one twice as long, at most MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** Messages one delivery round claims. */
const BATCH_SIZE = 20;
/** Sent messages are kept this long for the Mail tab, then swept. */
const KEEP_SENT_MS = 30 * 24 * 60 * 60 * 1000;

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
  const [row] = await readDb().select({ id: schema.mailOutbox.id }).from(schema.mailOutbox).where(isDue(now)).limit(1);
  return Boolean(row);
}

function isDue(now: Date): SQL {
  return and(eq(schema.mailOutbox.status, "pending"), lte(schema.mailOutbox.nextAttemptAt, now))!;
}

/**
 * The next attempt of a message being claimed, `now` + backoffAfter(attempts + 1), as one SQL
 * expression of its `attempts`: the values are computed here (backoffAfter stays the one rule) and
 * written as integer milliseconds, the timestamps' storage on both engines (decision 0104).
 */
function nextAttemptAfterClaim(now: Date): SQL {
  const { attempts } = schema.mailOutbox;
  const at = (attempt: number) => sql`cast(${now.getTime() + backoffAfter(attempt)} as bigint)`;
  const branches = Array.from({ length: MAX_ATTEMPTS }, (_, done) => sql`when ${done} then ${at(done + 1)}`);
  return sql`case ${attempts} ${sql.join(branches, sql` `)} else ${at(MAX_ATTEMPTS + 1)} end`;
}

/**
 * Claims up to BATCH_SIZE due messages in one statement, `UPDATE … WHERE id IN (the first due)
 * RETURNING`: attempts + 1 and the next attempt pushed back by the backoff, so no other sender,
 * process or box claims them again until then (a crash mid-send retries them later). The due
 * condition is repeated outside the subquery: a row another sender claimed meanwhile no longer
 * matches when its lock is taken (PostgreSQL re-checks it), and on SQLite the unit holds the one
 * write lock. Returns them oldest first.
 */
async function claimDueMail(now: Date): Promise<MailOutboxRow[]> {
  const { mailOutbox } = schema;
  const claimed = await write((tx) =>
    tx
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: nextAttemptAfterClaim(now) })
      .where(
        and(
          isDue(now),
          inArray(
            mailOutbox.id,
            tx.select({ id: mailOutbox.id }).from(mailOutbox).where(isDue(now)).orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id)).limit(BATCH_SIZE),
          ),
        ),
      )
      .returning(),
  );
  return claimed.sort((a, b) => a.id - b.id);
}

/**
 * Claims the due messages (claimDueMail: a second sender or a crash mid-send never sends a message
 * twice at once, and a claimed message is retried later), delivers them and records each outcome,
 * each in its own unit of work after the send (never an SMTP exchange inside a unit).
 */
export async function deliverDueMail({
  transport,
  now = new Date(),
  isStopping = () => false,
  isAbandoned = () => false,
}: {
  transport: MailTransport;
  now?: Date;
  /** Stop before the next message: the claimed rest is handed back, due at once. */
  isStopping?: () => boolean;
  /** The process gave up waiting (the database may be closed): record nothing more. */
  isAbandoned?: () => boolean;
}) {
  const claimed = await claimDueMail(now);
  const { mailOutbox } = schema;
  let sent = 0;
  let failed = 0;
  for (const [index, message] of claimed.entries()) {
    if (isStopping()) {
      await handBack(claimed.slice(index), now);
      break;
    }
    try {
      await transport.send({ to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers });
    } catch (error) {
      if (isAbandoned()) return { sent, failed };
      const isFinal = message.attempts >= MAX_ATTEMPTS;
      await write((tx) =>
        tx
          .update(mailOutbox)
          .set({ lastError: describeError(error), ...(isFinal ? { status: "failed" as const } : {}) })
          .where(eq(mailOutbox.id, message.id)),
      );
      failed += 1;
      continue;
    }
    if (isAbandoned()) return { sent, failed };
    await write((tx) => tx.update(mailOutbox).set({ status: "sent", sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, message.id)));
    sent += 1;
  }
  return { sent, failed };
}

/** Claimed messages that were not tried: their attempt is given back and they are due again. */
async function handBack(messages: { id: number }[], now: Date) {
  const { mailOutbox } = schema;
  await write((tx) =>
    tx
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} - 1`, nextAttemptAt: now })
      .where(
        inArray(
          mailOutbox.id,
          messages.map((message) => message.id),
        ),
      ),
  );
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
}

/** Deletes sent messages older than 30 days (failed ones stay for the admin to see). */
export async function sweepSentMail(now = new Date()): Promise<void> {
  await write((tx) =>
    tx.delete(schema.mailOutbox).where(and(eq(schema.mailOutbox.status, "sent"), lte(schema.mailOutbox.createdAt, new Date(now.getTime() - KEEP_SENT_MS)))),
  );
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
