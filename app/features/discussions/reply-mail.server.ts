/**
 * Reply and mention e-mails (docs/accounts.md, "Notification e-mails").
 *
 * Replies are batched per member and thread: createReply() queues the reply in
 * `reply_mail_batches` (only when notify() wrote the in-app notification, so never for the
 * member's own action nor from a member they blocked); the mail worker's scheduler runs
 * sendDueReplyMail(), which mails the pending replies at most once per REPLY_MAIL_WINDOW_MS per
 * member and thread. A reply arriving within the window after an e-mail waits for the window's
 * end and is listed in the next e-mail with every other reply since the last one.
 *
 * Mentions are mailed at once (a mention calls the member by name; mentions.server.ts caps them at
 * ten per post or reply and never repeats one for an edit).
 */
import { excerptOf } from "~/features/content/index.server";
import { blockedIdsOf } from "~/features/blocks/index.server";
import { enqueueNotificationMail, isMailEnabled, notificationMailAddress, publicUrl, windowedMailBatches, type BatchKey } from "~/features/mail/index.server";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { schema, type AppDatabase } from "~/utils/db.server";
import { routes } from "~/utils/routes";
import { literalLimit } from "~/utils/sql-dialect.server";

/** At most one reply e-mail per member and thread in this long. */
export const REPLY_MAIL_WINDOW_MS = 15 * 60 * 1000;
/** Reply ids a batch keeps (the count stays exact beyond it). */
const KEPT_REPLY_IDS = 100;
/** Replies an e-mail lists; the rest are counted. */
const LISTED_REPLIES = 10;

const { replyMailBatches: batches } = schema;

/** The window (app/features/mail/windowed-batch.server.ts): its timing and the scheduled job's loop. */
const replyWindow = windowedMailBatches({ batches, subject: batches.postId, windowMs: REPLY_MAIL_WINDOW_MS, mailBatch });

function readBatch(db: AppDatabase, key: BatchKey) {
  return db
    .select({ replyIds: batches.replyIds, pendingCount: batches.pendingCount, sendAt: batches.sendAt, lastSentAt: batches.lastSentAt })
    .from(batches)
    .where(replyWindow.whereBatch(key))
    .limit(literalLimit(1));
}

/**
 * Queues a reply for the member's next reply e-mail about this post. Call inside the reply's unit
 * of work with its `tx`, only for a member notify() told (not the author, not a member who blocked them).
 */
export async function queueReplyMail(tx: AppDatabase, { userId, postId, replyId, now = new Date() }: { userId: string; postId: number; replyId: number; now?: Date }): Promise<void> {
  if (!(await isMailEnabled(userId, "replies")) || !(await notificationMailAddress(userId, now))) return;
  const [batch] = await readBatch(tx, { userId, subjectId: postId });
  const pending = batch?.sendAt != null ? batch.replyIds : [];
  const replyIds = pending.length < KEPT_REPLY_IDS ? [...pending, replyId] : pending;
  const pendingCount = (batch?.sendAt != null ? batch.pendingCount : 0) + 1;
  const sendAt = replyWindow.sendAtFor(batch, now);
  await tx
    .insert(batches)
    .values({ userId, postId, replyIds, pendingCount, sendAt })
    .onConflictDoUpdate({ target: [batches.userId, batches.postId], set: { replyIds, pendingCount, sendAt } });
}

type PendingReply = { id: number; authorId: string; authorName: string; content: string; parentAuthorId: string | null };

/**
 * The scheduled job (app/mail-worker.server.ts): `sendDueReplyMail(now)` mails every batch whose time
 * has come (one e-mail per member and thread, listing the replies since the last one) and forgets
 * quiet threads, returning the e-mails enqueued; each batch is its own unit of work (the outbox's
 * enqueue joins it). `hasDueReplyMail(now)` is its cheap read: whether a batch is due or a quiet
 * thread's row can go (the scheduler claims a run only then, docs/decisions/0110-background-work-once.md).
 */
export const { hasDue: hasDueReplyMail, sendDue: sendDueReplyMail } = replyWindow;

async function mailBatch(tx: AppDatabase, key: BatchKey, now: Date): Promise<boolean> {
  const { userId, subjectId: postId } = key;
  const { posts, replies, users } = schema;
  const [batch] = await readBatch(tx, key);
  if (!replyWindow.isDue(batch, now)) return false;
  const [post] = await tx.select({ title: posts.title }).from(posts).where(eq(posts.id, postId)).limit(literalLimit(1));
  const blocked = await blockedIdsOf(userId);
  // Replies deleted, hidden by moderation, or by a member blocked since are left out.
  const parent = alias(replies, "parent");
  const pending: PendingReply[] = batch.replyIds.length
    ? await tx
        .select({ id: replies.id, authorId: replies.authorId, authorName: users.displayName, content: replies.content, parentAuthorId: parent.authorId })
        .from(replies)
        .innerJoin(users, eq(users.id, replies.authorId))
        .leftJoin(parent, eq(parent.id, replies.parentReplyId))
        .where(and(inArray(replies.id, batch.replyIds), eq(replies.postId, postId), isNull(replies.hiddenAt)))
        .orderBy(asc(replies.createdAt), asc(replies.id))
    : [];
  const shown = pending.filter((reply) => reply.authorId !== userId && !blocked.has(reply.authorId));
  const isSent = post !== undefined && shown.length > 0 && (await enqueueReplyMail({ userId, postId, title: post.title, replies: shown, total: Math.max(batch.pendingCount, shown.length) }));
  await tx
    .update(batches)
    .set({ replyIds: [], pendingCount: 0, ...replyWindow.emptiedTiming(batch, isSent, now) })
    .where(replyWindow.whereBatch(key));
  return isSent;
}

async function enqueueReplyMail({ userId, postId, title, replies, total }: { userId: string; postId: number; title: string; replies: PendingReply[]; total: number }): Promise<boolean> {
  const names = [...new Set(replies.map((reply) => reply.authorName))];
  const isSingle = total === 1;
  const subject = isSingle ? `${names[0]} replied in "${title}"` : `${total} new replies in "${title}"`;
  const listed = replies.slice(0, LISTED_REPLIES).map((reply) => {
    const about = reply.parentAuthorId === userId ? "replied to your reply" : "replied";
    return `${reply.authorName} ${about}: ${excerptOf(reply.content)}`;
  });
  const more = total - listed.length;
  const id = await enqueueNotificationMail({
    user: { id: userId },
    kind: "replies",
    subject,
    content: {
      heading: isSingle ? `New reply in "${title}"` : `${total} new replies in "${title}"`,
      paragraphs: [...listed, ...(more > 0 ? [`And ${more} more ${more === 1 ? "reply" : "replies"}.`] : [])],
      action: { label: "Open the discussion", url: publicUrl(`${routes.post(postId)}#reply-${replies[0].id}`) },
      footnote: "You get this because someone replied to your post or reply. We send at most one e-mail per discussion every 15 minutes.",
    },
  });
  return id !== null;
}

/** Mails a member @mentioned in a post or reply (call inside its transaction, after notify() told them). */
export async function sendMentionMail({ userId, actorName, postTitle, content, link }: { userId: string; actorName: string; postTitle: string; content: string; link: string }): Promise<void> {
  await enqueueNotificationMail({
    user: { id: userId },
    kind: "mentions",
    subject: `${actorName} mentioned you in "${postTitle}"`,
    content: {
      heading: `${actorName} mentioned you`,
      paragraphs: [`In "${postTitle}":`, excerptOf(content)],
      action: { label: "Open the discussion", url: publicUrl(link) },
      footnote: "You get this because a member wrote your @username.",
    },
  });
}
