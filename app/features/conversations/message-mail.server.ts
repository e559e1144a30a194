/**
 * Private-message e-mails (docs/messages.md, "E-mail"): batched per member and conversation like
 * reply e-mails. A message queues a row in `message_mail_batches` for every other participant who
 * wants `messages` mail (never the sender); the mail worker's scheduler runs sendDueMessageMail(),
 * which mails at most once per MESSAGE_MAIL_WINDOW_MS per member and conversation: a message
 * arriving within the window after an e-mail waits for its end and is folded into the next one.
 */
import { and, asc, eq, gte, isNull, lt, lte, ne, or } from "drizzle-orm";
import { excerptOf } from "~/features/content/index.server";
import { enqueueNotificationMail, isMailEnabled, notificationMailAddress, publicUrl } from "~/features/mail/index.server";
import { readDb, schema, write, type AppDatabase } from "~/utils/db.server";
import { profileNameOf } from "~/utils/display-name";
import { routes } from "~/utils/routes";

/** At most one message e-mail per member and conversation in this long. */
export const MESSAGE_MAIL_WINDOW_MS = 15 * 60 * 1000;
/** Messages an e-mail lists; the rest are counted. */
const LISTED_MESSAGES = 10;
/** Batches one run mails (the next run goes on). */
const BATCHES_PER_RUN = 100;

const { messageMailBatches: batches, messages, users, conversationParticipants: participants } = schema;

function readBatch(db: AppDatabase, userId: string, conversationId: number) {
  return db
    .select({ pendingCount: batches.pendingCount, firstPendingId: batches.firstPendingId, sendAt: batches.sendAt, lastSentAt: batches.lastSentAt })
    .from(batches)
    .where(and(eq(batches.userId, userId), eq(batches.conversationId, conversationId)))
    .limit(1);
}

/** Queues a message for the member's next e-mail about this conversation; inside the message's unit of work. */
export async function queueMessageMail(tx: AppDatabase, { userId, conversationId, messageId, now }: { userId: string; conversationId: number; messageId: number; now: Date }): Promise<void> {
  if (!(await isMailEnabled(userId, "messages")) || !(await notificationMailAddress(userId, now))) return;
  const [batch] = await readBatch(tx, userId, conversationId);
  const isPending = batch?.sendAt != null;
  const pendingCount = (isPending ? batch.pendingCount : 0) + 1;
  const firstPendingId = isPending ? (batch.firstPendingId ?? messageId) : messageId;
  // The first message of a quiet conversation goes with the next run; later ones wait for the window's end.
  const sendAt = batch?.sendAt ?? new Date(Math.max(now.getTime(), (batch?.lastSentAt?.getTime() ?? 0) + MESSAGE_MAIL_WINDOW_MS));
  await tx
    .insert(batches)
    .values({ userId, conversationId, pendingCount, firstPendingId, sendAt })
    .onConflictDoUpdate({ target: [batches.userId, batches.conversationId], set: { pendingCount, firstPendingId, sendAt } });
}

/**
 * The scheduled job: mails every batch whose time has come (one e-mail per member and
 * conversation, listing the messages since the last one) and forgets quiet ones. Returns the
 * e-mails enqueued. Each batch is its own unit of work.
 */
/** A batch quiet for a whole window: its row is not needed (the next message is mailed at once anyway). */
function isQuiet(now: Date) {
  return and(isNull(batches.sendAt), or(isNull(batches.lastSentAt), lt(batches.lastSentAt, new Date(now.getTime() - MESSAGE_MAIL_WINDOW_MS))));
}

/** Whether the message-mail job has anything to do (a due batch, or a quiet row to drop): the scheduler claims its period only then (docs/decisions/0110-background-work-once.md). */
export async function hasDueMessageMail(now = new Date()): Promise<boolean> {
  const [row] = await readDb()
    .select({ userId: batches.userId })
    .from(batches)
    .where(or(lte(batches.sendAt, now), isQuiet(now)))
    .limit(1);
  return Boolean(row);
}

export async function sendDueMessageMail(now = new Date()): Promise<number> {
  const due = await readDb()
    .select({ userId: batches.userId, conversationId: batches.conversationId })
    .from(batches)
    .where(lte(batches.sendAt, now))
    .orderBy(asc(batches.sendAt))
    .limit(BATCHES_PER_RUN);
  let sent = 0;
  for (const { userId, conversationId } of due) {
    if (await write((tx) => mailBatch(tx, userId, conversationId, now))) sent += 1;
  }
  const quiet = isQuiet(now);
  const [anyQuiet] = await readDb().select({ userId: batches.userId }).from(batches).where(quiet).limit(1);
  if (anyQuiet) await write((tx) => tx.delete(batches).where(quiet));
  return sent;
}

async function mailBatch(tx: AppDatabase, userId: string, conversationId: number, now: Date): Promise<boolean> {
  const [batch] = await readBatch(tx, userId, conversationId);
  if (!batch || batch.sendAt === null || batch.sendAt.getTime() > now.getTime()) return false;
  // Still in it (a member who left gets nothing), and the messages others wrote that are still shown.
  const [membership] = await tx
    .select({ userId: participants.userId })
    .from(participants)
    .where(and(eq(participants.conversationId, conversationId), eq(participants.userId, userId)))
    .limit(1);
  const pending = membership
    ? await tx
        .select({ id: messages.id, content: messages.content, displayName: users.displayName, firstName: users.firstName, lastName: users.lastName })
        .from(messages)
        .innerJoin(users, eq(users.id, messages.authorId))
        .where(
          and(eq(messages.conversationId, conversationId), gte(messages.id, batch.firstPendingId ?? 0), ne(messages.authorId, userId), isNull(messages.hiddenAt)),
        )
        .orderBy(asc(messages.id))
        .limit(LISTED_MESSAGES + 1)
    : [];
  const isSent = pending.length > 0 && (await enqueueMessageMail({ userId, conversationId, pending, total: Math.max(batch.pendingCount, pending.length) }));
  await tx
    .update(batches)
    .set({ pendingCount: 0, firstPendingId: null, sendAt: null, lastSentAt: isSent ? now : batch.lastSentAt })
    .where(and(eq(batches.userId, userId), eq(batches.conversationId, conversationId)));
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
