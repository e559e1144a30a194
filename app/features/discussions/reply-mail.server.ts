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
import { excerptOf } from "~/features/content/markdown.server";
import { blockedIdsOf } from "~/features/blocks/blocks.server";
import { enqueueNotificationMail, isMailEnabled, notificationMailAddress } from "~/features/mail/preferences.server";
import { publicUrl } from "~/features/mail/templates.server";
import { getDb, transaction } from "~/utils/db.server";
import { routes } from "~/utils/routes";

/** At most one reply e-mail per member and thread in this long. */
export const REPLY_MAIL_WINDOW_MS = 15 * 60 * 1000;
/** Reply ids a batch keeps (the count stays exact beyond it). */
const KEPT_REPLY_IDS = 100;
/** Replies an e-mail lists; the rest are counted. */
const LISTED_REPLIES = 10;
/** Batches one run mails (the next run goes on). */
const BATCHES_PER_RUN = 100;

type BatchRow = { replyIds: string; pendingCount: number; sendAt: number | null; lastSentAt: number | null };

function readBatch(userId: string, postId: number): BatchRow | undefined {
  return getDb()
    .$client.prepare(`SELECT reply_ids AS replyIds, pending_count AS pendingCount, send_at AS sendAt, last_sent_at AS lastSentAt FROM reply_mail_batches WHERE user_id = ? AND post_id = ?`)
    .get(userId, postId) as BatchRow | undefined;
}

/**
 * Queues a reply for the member's next reply e-mail about this post. Call inside the reply's
 * transaction, only for a member notify() told (not the author, not a member who blocked them).
 */
export function queueReplyMail({ userId, postId, replyId, now = new Date() }: { userId: string; postId: number; replyId: number; now?: Date }) {
  if (!isMailEnabled(userId, "replies") || !notificationMailAddress(userId, now)) return;
  const sqlite = getDb().$client;
  const batch = readBatch(userId, postId);
  const pending = batch?.sendAt != null ? (JSON.parse(batch.replyIds) as number[]) : [];
  const replyIds = pending.length < KEPT_REPLY_IDS ? [...pending, replyId] : pending;
  const pendingCount = (batch?.sendAt != null ? batch.pendingCount : 0) + 1;
  // The first reply of a quiet thread goes with the next run; later ones wait for the window's end.
  const sendAt = batch?.sendAt ?? Math.max(now.getTime(), (batch?.lastSentAt ?? 0) + REPLY_MAIL_WINDOW_MS);
  sqlite
    .prepare(
      `INSERT INTO reply_mail_batches (user_id, post_id, reply_ids, pending_count, send_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (user_id, post_id) DO UPDATE SET reply_ids = excluded.reply_ids, pending_count = excluded.pending_count, send_at = excluded.send_at`,
    )
    .run(userId, postId, JSON.stringify(replyIds), pendingCount, sendAt);
}

type PendingReply = { id: number; authorId: string; authorName: string; content: string; parentAuthorId: string | null };

/**
 * The scheduled job: mails every batch whose time has come (one e-mail per member and thread,
 * listing the replies since the last one) and forgets quiet threads. Returns the e-mails enqueued.
 */
export function sendDueReplyMail(now = new Date()): number {
  const sqlite = getDb().$client;
  const due = sqlite
    .prepare(`SELECT user_id AS userId, post_id AS postId FROM reply_mail_batches WHERE send_at <= ? ORDER BY send_at LIMIT ${BATCHES_PER_RUN}`)
    .all(now.getTime()) as { userId: string; postId: number }[];
  let sent = 0;
  for (const { userId, postId } of due) {
    if (transaction(() => mailBatch(userId, postId, now))) sent += 1;
  }
  // A thread quiet for a whole window needs no row: the next reply is mailed at once anyway.
  const stale = now.getTime() - REPLY_MAIL_WINDOW_MS;
  if (sqlite.prepare(`SELECT 1 FROM reply_mail_batches WHERE send_at IS NULL AND coalesce(last_sent_at, 0) < ? LIMIT 1`).get(stale)) {
    sqlite.prepare(`DELETE FROM reply_mail_batches WHERE send_at IS NULL AND coalesce(last_sent_at, 0) < ?`).run(stale);
  }
  return sent;
}

function mailBatch(userId: string, postId: number, now: Date): boolean {
  const sqlite = getDb().$client;
  const batch = readBatch(userId, postId);
  if (!batch || batch.sendAt === null || batch.sendAt > now.getTime()) return false;
  const post = sqlite.prepare(`SELECT title FROM posts WHERE id = ?`).get(postId) as { title: string } | undefined;
  const blocked = blockedIdsOf(userId);
  // Replies deleted, hidden by moderation, or by a member blocked since are left out.
  const replies = (
    sqlite
      .prepare(
        `SELECT r.id, r.author_id AS authorId, u.display_name AS authorName, r.content, parent.author_id AS parentAuthorId
         FROM replies r JOIN users u ON u.id = r.author_id LEFT JOIN replies parent ON parent.id = r.parent_reply_id
         WHERE r.id IN (SELECT value FROM json_each(?)) AND r.post_id = ? AND r.hidden_at IS NULL ORDER BY r.created_at, r.id`,
      )
      .all(batch.replyIds, postId) as PendingReply[]
  ).filter((reply) => reply.authorId !== userId && !blocked.has(reply.authorId));
  const isSent = post !== undefined && replies.length > 0 && enqueueReplyMail({ userId, postId, title: post.title, replies, total: Math.max(batch.pendingCount, replies.length) });
  sqlite
    .prepare(`UPDATE reply_mail_batches SET reply_ids = '[]', pending_count = 0, send_at = NULL, last_sent_at = ? WHERE user_id = ? AND post_id = ?`)
    .run(isSent ? now.getTime() : batch.lastSentAt, userId, postId);
  return isSent;
}

function enqueueReplyMail({ userId, postId, title, replies, total }: { userId: string; postId: number; title: string; replies: PendingReply[]; total: number }): boolean {
  const names = [...new Set(replies.map((reply) => reply.authorName))];
  const isSingle = total === 1;
  const subject = isSingle ? `${names[0]} replied in "${title}"` : `${total} new replies in "${title}"`;
  const listed = replies.slice(0, LISTED_REPLIES).map((reply) => {
    const about = reply.parentAuthorId === userId ? "replied to your reply" : "replied";
    return `${reply.authorName} ${about}: ${excerptOf(reply.content)}`;
  });
  const more = total - listed.length;
  const id = enqueueNotificationMail({
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
export function sendMentionMail({ userId, actorName, postTitle, content, link }: { userId: string; actorName: string; postTitle: string; content: string; link: string }) {
  enqueueNotificationMail({
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
