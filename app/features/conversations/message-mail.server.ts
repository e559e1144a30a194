/**
 * Private-message e-mails (docs/messages.md, "E-mail"): batched per member and conversation like
 * reply e-mails. A message queues a row in `message_mail_batches` for every other participant who
 * wants `messages` mail (never the sender); the mail worker's scheduler runs sendDueMessageMail(),
 * which mails at most once per MESSAGE_MAIL_WINDOW_MS per member and conversation: a message
 * arriving within the window after an e-mail waits for its end and is folded into the next one.
 */
import { and, asc, eq, gte, isNull, ne } from "drizzle-orm";
import { excerptOf } from "~/features/content/index.server";
import { enqueueNotificationMail, isMailEnabled, notificationMailAddress, publicUrl, windowedMailBatches, type BatchKey } from "~/features/mail/index.server";
import { schema, type AppDatabase } from "~/utils/db.server";
import { profileNameOf } from "~/utils/display-name";
import { routes } from "~/utils/routes";
import { literalLimit } from "~/utils/sql-dialect.server";

/** At most one message e-mail per member and conversation in this long. */
export const MESSAGE_MAIL_WINDOW_MS = 15 * 60 * 1000;
/** Messages an e-mail lists; the rest are counted. */
const LISTED_MESSAGES = 10;

const { messageMailBatches: batches, messages, users, conversationParticipants: participants } = schema;

/** The window (app/features/mail/windowed-batch.server.ts): its timing and the scheduled job's loop. */
const messageWindow = windowedMailBatches({ batches, subject: batches.conversationId, windowMs: MESSAGE_MAIL_WINDOW_MS, mailBatch });

function readBatch(db: AppDatabase, key: BatchKey) {
  return db
    .select({ pendingCount: batches.pendingCount, firstPendingId: batches.firstPendingId, sendAt: batches.sendAt, lastSentAt: batches.lastSentAt })
    .from(batches)
    .where(messageWindow.whereBatch(key))
    .limit(literalLimit(1));
}

/** Queues a message for the member's next e-mail about this conversation; inside the message's unit of work. */
export async function queueMessageMail(tx: AppDatabase, { userId, conversationId, messageId, now }: { userId: string; conversationId: number; messageId: number; now: Date }): Promise<void> {
  if (!(await isMailEnabled(userId, "messages")) || !(await notificationMailAddress(userId, now))) return;
  const [batch] = await readBatch(tx, { userId, subjectId: conversationId });
  const isPending = batch?.sendAt != null;
  const pendingCount = (isPending ? batch.pendingCount : 0) + 1;
  const firstPendingId = isPending ? (batch.firstPendingId ?? messageId) : messageId;
  const sendAt = messageWindow.sendAtFor(batch, now);
  await tx
    .insert(batches)
    .values({ userId, conversationId, pendingCount, firstPendingId, sendAt })
    .onConflictDoUpdate({ target: [batches.userId, batches.conversationId], set: { pendingCount, firstPendingId, sendAt } });
}

/**
 * The scheduled job (app/mail-worker.server.ts): `sendDueMessageMail(now)` mails every batch whose
 * time has come (one e-mail per member and conversation, listing the messages since the last one)
 * and forgets quiet ones, returning the e-mails enqueued; each batch is its own unit of work.
 * `hasDueMessageMail(now)` is its cheap read: whether a batch is due or a quiet row can go (the
 * scheduler claims a run only then, docs/decisions/0110-background-work-once.md).
 */
export const { hasDue: hasDueMessageMail, sendDue: sendDueMessageMail } = messageWindow;

async function mailBatch(tx: AppDatabase, key: BatchKey, now: Date): Promise<boolean> {
  const { userId, subjectId: conversationId } = key;
  const [batch] = await readBatch(tx, key);
  if (!messageWindow.isDue(batch, now)) return false;
  // Still in it (a member who left gets nothing), and the messages others wrote that are still shown.
  const [membership] = await tx
    .select({ userId: participants.userId })
    .from(participants)
    .where(and(eq(participants.conversationId, conversationId), eq(participants.userId, userId)))
    .limit(literalLimit(1));
  const pending = membership
    ? await tx
        .select({ id: messages.id, content: messages.content, displayName: users.displayName, firstName: users.firstName, lastName: users.lastName })
        .from(messages)
        .innerJoin(users, eq(users.id, messages.authorId))
        .where(
          and(eq(messages.conversationId, conversationId), gte(messages.id, batch.firstPendingId ?? 0), ne(messages.authorId, userId), isNull(messages.hiddenAt)),
        )
        .orderBy(asc(messages.id))
        .limit(literalLimit(LISTED_MESSAGES + 1))
    : [];
  const isSent = pending.length > 0 && (await enqueueMessageMail({ userId, conversationId, pending, total: Math.max(batch.pendingCount, pending.length) }));
  await tx
    .update(batches)
    .set({ pendingCount: 0, firstPendingId: null, ...messageWindow.emptiedTiming(batch, isSent, now) })
    .where(messageWindow.whereBatch(key));
  return isSent;
}

type PendingMessage = { id: number; content: string; displayName: string; firstName: string; lastName: string };

async function enqueueMessageMail({ userId, conversationId, pending, total }: { userId: string; conversationId: number; pending: PendingMessage[]; total: number }): Promise<boolean> {
  const names = [...new Set(pending.map((message) => profileNameOf(message)))];
  const isSingle = total === 1;
  const subject = isSingle ? `${names[0]} sent you a private message` : `${total} new private messages from ${names.join(", ")}`;
  const listed = pending.slice(0, LISTED_MESSAGES).map((message) => `${profileNameOf(message)}: ${excerptOf(message.content)}`);
  const more = total - listed.length;
  const id = await enqueueNotificationMail({
    user: { id: userId },
    kind: "messages",
    subject,
    content: {
      heading: isSingle ? `A private message from ${names[0]}` : `${total} new private messages`,
      paragraphs: [...listed, ...(more > 0 ? [`And ${more} more ${more === 1 ? "message" : "messages"}.`] : [])],
      action: { label: "Open the conversation", url: publicUrl(routes.conversation(conversationId)) },
      footnote: "You get this because a member wrote to you. We send at most one e-mail per conversation every 15 minutes.",
    },
  });
  return id !== null;
}
