/**
 * Replies: threaded (a reply may answer another reply of the same post), with the post's
 * repliesCount kept exact by SQL increments in the same transaction as the rows.
 */
import { recordAudit } from "~/features/audit/audit.server";
import { recordContribution } from "~/features/gamification/contributions.server";
import { assertMayContribute } from "~/features/moderation/contribution-guard.server";
import { notify } from "~/features/notifications/notify.server";
import { notifyMentions } from "./mentions.server";
import { queueReplyMail } from "./reply-mail.server";
import { getDb, transaction } from "~/utils/db.server";
import { badRequest, forbidden, notFound } from "~/utils/errors.server";
import { routes } from "~/utils/routes";
import type { Actor } from "~/utils/actor";
import { actorName, canModerate } from "./posts.server";
import { revokeReplyContributions } from "./revoke-contributions.server";
import { replySchema, updateReplySchema } from "./schemas";
import { parseOrThrow } from "~/utils/validation.server";
import { REPLY_COLUMNS, replyForReader, toReplyView, type Reader, type ReplyRow, type ReplyView } from "./views.server";
import { releaseUploads } from "~/features/uploads/uploads.server";
import { uploadHashesIn } from "~/utils/upload-urls";

/** The link to one reply on its post page. */
export function replyLink(postId: number, replyId: number): string {
  return `${routes.post(postId)}#reply-${replyId}`;
}

/** Most replies one read returns (the post page shows this many; the API pages with `after`). */
export const REPLIES_MAX = 1_000;

/**
 * A post's replies, oldest first, flat (each carries parentReplyId); 404 for an unknown post.
 * `afterId` pages on; hidden replies are withheld unless the reader wrote them or moderates.
 */
export function listReplies(postId: number, { limit = REPLIES_MAX, afterId, reader }: { limit?: number; afterId?: number; reader?: Reader } = {}): ReplyView[] {
  const sqlite = getDb().$client;
  if (!sqlite.prepare(`SELECT 1 FROM posts WHERE id = ?`).get(postId)) throw notFound("Post not found");
  const after = afterId === undefined ? undefined : (sqlite.prepare(`SELECT created_at AS createdAt, id FROM replies WHERE id = ?`).get(afterId) as { createdAt: number; id: number } | undefined);
  const rows = sqlite
    .prepare(
      `SELECT ${REPLY_COLUMNS} FROM replies r JOIN users u ON u.id = r.author_id
       WHERE r.post_id = ? ${after ? "AND (r.created_at > ? OR (r.created_at = ? AND r.id > ?))" : ""}
       ORDER BY r.created_at, r.id LIMIT ?`,
    )
    .all(...(after ? [postId, after.createdAt, after.createdAt, after.id] : [postId]), Math.min(Math.max(1, limit), REPLIES_MAX)) as ReplyRow[];
  return rows.map((row) => replyForReader(toReplyView(row), reader));
}

/** One reply as its author and moderators see it, or null. */
export function findReply(replyId: number): ReplyView | null {
  const row = getDb()
    .$client.prepare(`SELECT ${REPLY_COLUMNS} FROM replies r JOIN users u ON u.id = r.author_id WHERE r.id = ?`)
    .get(replyId) as ReplyRow | undefined;
  return row ? toReplyView(row) : null;
}

/**
 * Replies to a post (or to one of its replies). Credits reply_created, and reply_to_other when
 * the post is another member's; notifies the post's author, or the parent reply's author.
 */
export function createReply({ actor, postId, input, now = new Date() }: { actor: Actor; postId: number; input: unknown; now?: Date }): ReplyView {
  const data = parseOrThrow(replySchema, input);
  const sqlite = getDb().$client;
  const post = sqlite.prepare(`SELECT id, author_id AS authorId, title FROM posts WHERE id = ?`).get(postId) as
    | { id: number; authorId: string; title: string }
    | undefined;
  if (!post) throw notFound("Post not found");
  let parent: { id: number; authorId: string } | undefined;
  if (data.parentReplyId !== undefined) {
    parent = sqlite.prepare(`SELECT id, author_id AS authorId FROM replies WHERE id = ? AND post_id = ?`).get(data.parentReplyId, postId) as
      | { id: number; authorId: string }
      | undefined;
    if (!parent) throw badRequest("The reply you are answering no longer exists.", { parentReplyId: ["The reply you are answering no longer exists."] });
  }
  assertMayContribute(actor, "reply", { content: data.content, now });
  const replyId = transaction(() => {
    const inserted = sqlite
      .prepare(`INSERT INTO replies (content, post_id, author_id, parent_reply_id, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id`)
      .get(data.content, postId, actor.id, parent?.id ?? null, now.getTime()) as { id: number };
    sqlite.prepare(`UPDATE posts SET replies_count = replies_count + 1 WHERE id = ?`).run(postId);
    recordContribution({ userId: actor.id, kind: "reply_created", subjectId: inserted.id, at: now });
    if (post.authorId !== actor.id) recordContribution({ userId: actor.id, kind: "reply_to_other", subjectId: inserted.id, at: now });
    const name = actorName(actor.id);
    const link = replyLink(postId, inserted.id);
    const toldIds: string[] = [];
    if (parent && parent.authorId !== actor.id) {
      const isTold = notify({ userId: parent.authorId, actorId: actor.id, kind: "reply", message: `${name} replied to your reply on "${post.title}"`, link, at: now });
      if (isTold) queueReplyMail({ userId: parent.authorId, postId, replyId: inserted.id, now });
      toldIds.push(parent.authorId);
    }
    if (!parent || parent.authorId !== post.authorId) {
      const isTold = notify({ userId: post.authorId, actorId: actor.id, kind: "reply", message: `${name} replied to your post "${post.title}"`, link, at: now });
      if (isTold) queueReplyMail({ userId: post.authorId, postId, replyId: inserted.id, now });
      toldIds.push(post.authorId);
    }
    // Members told of the reply already are not told again that it mentions them.
    notifyMentions({ actorId: actor.id, actorName: name, content: data.content, postTitle: post.title, link, alreadyToldIds: toldIds, at: now });
    return inserted.id;
  });
  const reply = findReply(replyId);
  if (!reply) throw notFound("Reply not found");
  return reply;
}

function loadReplyForChange(postId: number, replyId: number) {
  const reply = getDb()
    .$client.prepare(
      `SELECT r.id, r.author_id AS authorId, r.post_id AS postId, p.title AS postTitle FROM replies r JOIN posts p ON p.id = r.post_id WHERE r.id = ? AND r.post_id = ?`,
    )
    .get(replyId, postId) as { id: number; authorId: string; postId: number; postTitle: string } | undefined;
  if (!reply) throw notFound("Reply not found");
  return reply;
}

/** Edits a reply's content; only its author may. */
export function updateReply({ actor, postId, replyId, input }: { actor: Actor; postId: number; replyId: number; input: unknown }): ReplyView {
  const data = parseOrThrow(updateReplySchema, input);
  const previousContent = transaction(() => {
    const reply = loadReplyForChange(postId, replyId);
    if (reply.authorId !== actor.id) throw forbidden("Only the author can edit this reply.");
    assertMayContribute(actor, "reply", { content: data.content, isEdit: true });
    const before = getDb().$client.prepare(`SELECT content FROM replies WHERE id = ?`).get(replyId) as { content: string };
    getDb().$client.prepare(`UPDATE replies SET content = ?, updated_at = ? WHERE id = ?`).run(data.content, Date.now(), replyId);
    notifyMentions({ actorId: actor.id, actorName: actorName(actor.id), content: data.content, postTitle: reply.postTitle, link: replyLink(postId, replyId) });
    return before.content;
  });
  void releaseUploads(uploadHashesIn(previousContent)); // pictures the edit took out (docs/uploads.md)
  const reply = findReply(replyId);
  if (!reply) throw notFound("Reply not found");
  return reply;
}

/**
 * Deletes a reply and the replies under it (the parent foreign key cascades), lowers the
 * post's repliesCount by as many and takes back their contributions; authors and moderators may.
 */
export function deleteReply({ actor, postId, replyId }: { actor: Actor; postId: number; replyId: number }): { deleted: number } {
  const { deleted, texts } = transaction(() => {
    const sqlite = getDb().$client;
    const reply = loadReplyForChange(postId, replyId);
    const isOwn = reply.authorId === actor.id;
    if (!isOwn && !canModerate(actor)) throw forbidden("Only the author or a moderator can delete this reply.");
    const thread = sqlite
      .prepare(
        `WITH RECURSIVE thread(id) AS (
           SELECT id FROM replies WHERE id = ?
           UNION ALL SELECT r.id FROM replies r JOIN thread t ON r.parent_reply_id = t.id
         ) SELECT id FROM thread`,
      )
      .all(replyId) as { id: number }[];
    const ids = thread.map((row) => row.id);
    const contents = sqlite.prepare(`SELECT content FROM replies WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as { content: string }[];
    revokeReplyContributions(ids);
    sqlite.prepare(`DELETE FROM replies WHERE id = ?`).run(replyId);
    sqlite.prepare(`UPDATE posts SET replies_count = replies_count - ? WHERE id = ?`).run(ids.length, postId);
    if (!isOwn) {
      recordAudit({ actor, action: "reply.deleted", targetType: "reply", targetId: replyId, summary: `on "${reply.postTitle}"` });
    }
    return { deleted: ids.length, texts: contents.map((row) => row.content).join("\n") };
  });
  void releaseUploads(uploadHashesIn(texts)); // their pictures nothing else uses (docs/uploads.md)
  return { deleted };
}

export type ReplyNode = ReplyView & { depth: number; children: ReplyNode[]; parentAuthorName: string | null };

/** Deepest indentation shown; deeper answers stay at this level (and say whom they answer). */
export const MAX_REPLY_DEPTH = 4;

/** Builds the reply tree (oldest first at every level) from the flat list. */
export function buildReplyTree(replies: ReplyView[]): ReplyNode[] {
  const nodes = new Map<number, ReplyNode>();
  for (const reply of replies) nodes.set(reply.id, { ...reply, depth: 0, children: [], parentAuthorName: null });
  const roots: ReplyNode[] = [];
  for (const reply of replies) {
    const node = nodes.get(reply.id)!;
    const parent = reply.parentReplyId !== null ? nodes.get(reply.parentReplyId) : undefined;
    if (parent) {
      node.parentAuthorName = parent.author.displayName || parent.author.firstName;
      parent.children.push(node);
    } else {
      roots.push(node);
    }
  }
  const setDepth = (list: ReplyNode[], depth: number) => {
    for (const node of list) {
      node.depth = depth;
      setDepth(node.children, depth + 1);
    }
  };
  setDepth(roots, 0);
  return roots;
}
