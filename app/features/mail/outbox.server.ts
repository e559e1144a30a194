/**
 * The mail outbox (docs/decisions/0074-mail-outbox.md): requests enqueue a message in their own
 * transaction and never wait for SMTP; the cluster's one mail sender (sender.server.ts) calls
 * deliverDueMail(), which claims due messages, delivers them and retries failures with
 * exponential backoff until MAX_ATTEMPTS, recording the last error.
 */
import { and, count, desc, eq, lte } from "drizzle-orm";
import { getDb, schema, transaction } from "~/utils/db.server";
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

/** Puts a message in the outbox (inside the caller's transaction when there is one); returns its id. */
export function enqueueMail(message: MailToSend): number {
  const { text, html } = "content" in message ? renderMail(message.content) : message;
  const row = getDb()
    .insert(schema.mailOutbox)
    .values({ to: message.to, subject: message.subject, text, html, headers: message.headers ?? {}, kind: message.kind, nextAttemptAt: new Date() })
    .returning({ id: schema.mailOutbox.id })
    .get();
  return row.id;
}

/** How long to wait after the given (1-based) failed attempt. */
export function backoffAfter(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (attempt - 1));
}

/** Whether a message is due (a cheap read the sender polls with; it writes nothing). */
export function hasDueMail(now = new Date()): boolean {
  return Boolean(
    getDb()
      .select({ id: schema.mailOutbox.id })
      .from(schema.mailOutbox)
      .where(and(eq(schema.mailOutbox.status, "pending"), lte(schema.mailOutbox.nextAttemptAt, now)))
      .limit(1)
      .get(),
  );
}

/**
 * Claims the due messages (attempts + 1, next attempt pushed back by the backoff, in one IMMEDIATE
 * transaction, so a second sender or a crash mid-send never sends a message twice at once and a
 * claimed message is retried later), delivers them and records each outcome.
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
  const claimed = transaction((db) => {
    const due = db
      .select()
      .from(schema.mailOutbox)
      .where(and(eq(schema.mailOutbox.status, "pending"), lte(schema.mailOutbox.nextAttemptAt, now)))
      .orderBy(schema.mailOutbox.nextAttemptAt, schema.mailOutbox.id)
      .limit(BATCH_SIZE)
      .all();
    for (const message of due) {
      db.update(schema.mailOutbox)
        .set({ attempts: message.attempts + 1, nextAttemptAt: new Date(now.getTime() + backoffAfter(message.attempts + 1)) })
        .where(eq(schema.mailOutbox.id, message.id))
        .run();
    }
    return due.map((message) => ({ ...message, attempts: message.attempts + 1 }));
  });
  let sent = 0;
  let failed = 0;
  for (const [index, message] of claimed.entries()) {
    if (isStopping()) {
      handBack(claimed.slice(index), now);
      break;
    }
    try {
      await transport.send({ to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers });
      if (isAbandoned()) return { sent, failed };
      getDb().update(schema.mailOutbox).set({ status: "sent", sentAt: new Date(), lastError: null }).where(eq(schema.mailOutbox.id, message.id)).run();
      sent += 1;
    } catch (error) {
      if (isAbandoned()) return { sent, failed };
      const isFinal = message.attempts >= MAX_ATTEMPTS;
      getDb()
        .update(schema.mailOutbox)
        .set({ lastError: describeError(error), ...(isFinal ? { status: "failed" as const } : {}) })
        .where(eq(schema.mailOutbox.id, message.id))
        .run();
      failed += 1;
    }
  }
  return { sent, failed };
}

/** Claimed messages that were not tried: their attempt is given back and they are due again. */
function handBack(messages: { id: number; attempts: number }[], now: Date) {
  transaction((db) => {
    for (const message of messages) {
      db.update(schema.mailOutbox).set({ attempts: message.attempts - 1, nextAttemptAt: now }).where(eq(schema.mailOutbox.id, message.id)).run();
    }
  });
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
}

/** Deletes sent messages older than 30 days (failed ones stay for the admin to see). */
export function sweepSentMail(now = new Date()) {
  getDb()
    .delete(schema.mailOutbox)
    .where(and(eq(schema.mailOutbox.status, "sent"), lte(schema.mailOutbox.createdAt, new Date(now.getTime() - KEEP_SENT_MS))))
    .run();
}

export type OutboxSummary = {
  counts: { pending: number; sent: number; failed: number };
  recent: Pick<MailOutboxRow, "id" | "to" | "subject" | "kind" | "status" | "attempts" | "lastError" | "createdAt" | "sentAt" | "nextAttemptAt">[];
};

/** The Mail tab: counts by status and the most recent messages. */
export function getOutboxSummary({ limit = 25 }: { limit?: number } = {}): OutboxSummary {
  const db = getDb();
  const rows = db.select({ status: schema.mailOutbox.status, total: count() }).from(schema.mailOutbox).groupBy(schema.mailOutbox.status).all();
  const counts = { pending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = row.total;
  const recent = db
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
    .limit(limit)
    .all();
  return { counts, recent };
}
