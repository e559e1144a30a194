/**
 * Replies: threaded (a reply may answer another reply of the same post), with the post's
 * repliesCount kept exact by SQL increments in the same unit of work as the rows. On the async
 * data layer (docs/decisions/0102-async-data-layer.md); `findReplySync` serves the reports
 * feature's synchronous code until it awaits `findReply`.
 */
import { recordAudit } from "~/features/audit/index.server";
import { recordContribution } from "~/features/gamification/index.server";
import { assertMayContribute } from "~/features/moderation/index.server";
import { notify } from "~/features/notifications/index.server";
// The synchronous twins until this file converts to the async data layer (decision 0102).
import { notifyMentions } from "./mentions.server";
import { queueReplyMail } from "./reply-mail.server";
import { and, asc, eq, gt, or, sql, type Placeholder } from "drizzle-orm";
import { readDb, schema, write, type AppDatabase } from "~/utils/db.server";
import { inJsonIds, literalLimit, lockRowForUpdate, queryRows } from "~/utils/sql-dialect.server";
import { perDatabase } from "~/utils/statement-cache.server";
import { badRequest, forbidden, notFound } from "~/utils/errors.server";
import { routes } from "~/utils/routes";
import type { Actor } from "~/utils/actor";
import { actorName, canModerate } from "./posts.server";
import { revokeReplyContributions } from "./revoke-contributions.server";
import { replySchema, updateReplySchema } from "./schemas";
import { parseOrThrow } from "~/utils/validation.server";
import { replyForReader, selectReplies, toReplyView, type Reader, type ReplyRow, type ReplyView } from "./views.server";
import { releaseUploads } from "~/features/uploads/index.server";
import { uploadHashesIn } from "~/utils/upload-urls";

/** The link to one reply on its post page. */
export function replyLink(postId: number, replyId: number): string {
  return `${routes.post(postId)}#reply-${replyId}`;
}

/** Most replies one read returns (the post page shows this many; the API pages with `after`). */
export const REPLIES_MAX = 1_000;

/** The post page's reads and the reply writes: Drizzle prepared queries, made once per database (docs/decisions/0077-data-access-style.md). */
const replyQueries = perDatabase((db: AppDatabase) => {
  const { posts, replies } = schema;
  const param = sql.placeholder;
  // The post page reads up to REPLIES_MAX: a literal LIMIT, one compiled program (literalLimit);
  // the API's page sizes are bound.
  const inOrder = (query: ReturnType<typeof selectReplies>, limit: number | Placeholder, ...conditions: Parameters<typeof and>) =>
    query
      .where(and(eq(replies.postId, param("postId")), ...conditions))
      .orderBy(asc(replies.createdAt), asc(replies.id))
      .limit(limit)
      .prepare();
  return {
    post: db.select({ id: posts.id, authorId: posts.authorId, title: posts.title }).from(posts).where(eq(posts.id, param("postId"))).prepare(),
    position: db.select({ createdAt: replies.createdAt, id: replies.id }).from(replies).where(eq(replies.id, param("replyId"))).prepare(),
    list: inOrder(selectReplies(db), literalLimit(REPLIES_MAX)),
    listUpTo: inOrder(selectReplies(db), param("limit")),
    listAfter: inOrder(
      selectReplies(db),
      param("limit"),
      or(gt(replies.createdAt, param("afterCreatedAt")), and(eq(replies.createdAt, param("afterCreatedAt")), gt(replies.id, param("afterId")))),
    ),
    find: selectReplies(db).where(eq(replies.id, param("replyId"))).prepare(),
    parent: db
      .select({ id: replies.id, authorId: replies.authorId })
      .from(replies)
      .where(and(eq(replies.id, param("replyId")), eq(replies.postId, param("postId"))))
      .prepare(),
    insert: db
      .insert(replies)
      .values({ content: param("content"), postId: param("postId"), authorId: param("authorId"), parentReplyId: param("parentReplyId"), createdAt: param("createdAt") })
      .returning({ id: replies.id })
      .prepare(),
    countOne: db.update(posts).set({ repliesCount: sql`${posts.repliesCount} + 1` }).where(eq(posts.id, param("postId"))).prepare(),
    forChange: db
      .select({ id: replies.id, authorId: replies.authorId, postId: replies.postId, postTitle: posts.title })
      .from(replies)
      .innerJoin(posts, eq(posts.id, replies.postId))
      .where(and(eq(replies.id, param("replyId")), eq(replies.postId, param("postId"))))
      .prepare(),
  };
});

/**
 * A post's replies, oldest first, flat (each carries parentReplyId); 404 for an unknown post.
 * `afterId` pages on; hidden replies are withheld unless the reader wrote them or moderates.
 */
export async function listReplies(postId: number, { limit = REPLIES_MAX, afterId, reader }: { limit?: number; afterId?: number; reader?: Reader } = {}): Promise<ReplyView[]> {
  const queries = replyQueries(readDb());
  const [post] = await queries.post.execute({ postId });
  if (!post) throw notFound("Post not found");
  const [after] = afterId === undefined ? [] : await queries.position.execute({ replyId: afterId });
  const take = Math.min(Math.max(1, limit), REPLIES_MAX);
  const rows: ReplyRow[] = after
    ? await queries.listAfter.execute({ postId, afterCreatedAt: after.createdAt.getTime(), afterId: after.id, limit: take })
    : take === REPLIES_MAX
      ? await queries.list.execute({ postId })
      : await queries.listUpTo.execute({ postId, limit: take });
  return rows.map((row) => replyForReader(toReplyView(row), reader));
}

/** One reply as its author and moderators see it, or null. */
export async function findReply(replyId: number): Promise<ReplyView | null> {
  const [row]: (ReplyRow | undefined)[] = await replyQueries(readDb()).find.execute({ replyId });
  return row ? toReplyView(row) : null;
}

/**
 * Replies to a post (or to one of its replies). Credits reply_created, and reply_to_other when
 * the post is another member's; notifies the post's author, or the parent reply's author.
 * The checks and the writes are one unit of work, so the post or the parent reply cannot go in
 * between; the synchronous helpers (contribution guard, points, notifications, mentions) join it.
 */
export async function createReply({ actor, postId, input, now = new Date() }: { actor: Actor; postId: number; input: unknown; now?: Date }): Promise<ReplyView> {
  const data = parseOrThrow(replySchema, input);
  const replyId = await write(async (tx) => {
    // A busy thread's replies arrive together: they take turns on the post's counter (decision 0106).
    await lockRowForUpdate(tx, schema.posts, postId);
    const queries = replyQueries(tx);
    const [post] = await queries.post.execute({ postId });
    if (!post) throw notFound("Post not found");
    let parent: { id: number; authorId: string } | undefined;
    if (data.parentReplyId !== undefined) {
      [parent] = await queries.parent.execute({ replyId: data.parentReplyId, postId });
      if (!parent) throw badRequest("The reply you are answering no longer exists.", { parentReplyId: ["The reply you are answering no longer exists."] });
    }
    await assertMayContribute(actor, "reply", { content: data.content, now });
    const [inserted] = await queries.insert.execute({ content: data.content, postId, authorId: actor.id, parentReplyId: parent?.id ?? null, createdAt: now });
    await queries.countOne.execute({ postId });
    await recordContribution({ userId: actor.id, kind: "reply_created", subjectId: inserted.id, at: now });
    if (post.authorId !== actor.id) await recordContribution({ userId: actor.id, kind: "reply_to_other", subjectId: inserted.id, at: now });
    const name = await actorName(actor.id);
    const link = replyLink(postId, inserted.id);
    const toldIds: string[] = [];
    if (parent && parent.authorId !== actor.id) {
      const isTold = await notify({ userId: parent.authorId, actorId: actor.id, kind: "reply", message: `${name} replied to your reply on "${post.title}"`, link, at: now });
      if (isTold) await queueReplyMail(tx, { userId: parent.authorId, postId, replyId: inserted.id, now });
      toldIds.push(parent.authorId);
    }
    if (!parent || parent.authorId !== post.authorId) {
      const isTold = await notify({ userId: post.authorId, actorId: actor.id, kind: "reply", message: `${name} replied to your post "${post.title}"`, link, at: now });
      if (isTold) await queueReplyMail(tx, { userId: post.authorId, postId, replyId: inserted.id, now });
      toldIds.push(post.authorId);
    }
    // Members told of the reply already are not told again that it mentions them.
    await notifyMentions({ actorId: actor.id, actorName: name, content: data.content, postTitle: post.title, link, alreadyToldIds: toldIds, at: now });
    return inserted.id;
  });
  const reply = await findReply(replyId);
  if (!reply) throw notFound("Reply not found");
  return reply;
}

async function loadReplyForChange(tx: AppDatabase, postId: number, replyId: number) {
  const [reply] = await replyQueries(tx).forChange.execute({ replyId, postId });
  if (!reply) throw notFound("Reply not found");
  return reply;
}

/** Edits a reply's content; only its author may. */
export async function updateReply({ actor, postId, replyId, input }: { actor: Actor; postId: number; replyId: number; input: unknown }): Promise<ReplyView> {
  const data = parseOrThrow(updateReplySchema, input);
  const previousContent = await write(async (tx) => {
    const reply = await loadReplyForChange(tx, postId, replyId);
    if (reply.authorId !== actor.id) throw forbidden("Only the author can edit this reply.");
    await assertMayContribute(actor, "reply", { content: data.content, isEdit: true });
    const { replies } = schema;
    const [before] = await tx.select({ content: replies.content }).from(replies).where(eq(replies.id, replyId)).limit(literalLimit(1));
    await tx.update(replies).set({ content: data.content, updatedAt: new Date() }).where(eq(replies.id, replyId));
    await notifyMentions({ actorId: actor.id, actorName: await actorName(actor.id), content: data.content, postTitle: reply.postTitle, link: replyLink(postId, replyId) });
    return before.content;
  });
  void releaseUploads(uploadHashesIn(previousContent)); // pictures the edit took out (docs/uploads.md)
  const reply = await findReply(replyId);
  if (!reply) throw notFound("Reply not found");
  return reply;
}

/**
 * Deletes a reply and the replies under it (the parent foreign key cascades), lowers the
 * post's repliesCount by as many and takes back their contributions; authors and moderators may.
 */
export async function deleteReply({ actor, postId, replyId }: { actor: Actor; postId: number; replyId: number }): Promise<{ deleted: number }> {
  const { deleted, texts } = await write(async (tx) => {
    const { posts, replies } = schema;
    await lockRowForUpdate(tx, posts, postId);
    const reply = await loadReplyForChange(tx, postId, replyId);
    const isOwn = reply.authorId === actor.id;
    if (!isOwn && !canModerate(actor)) throw forbidden("Only the author or a moderator can delete this reply.");
    // Raw SQL: the builder has no WITH RECURSIVE (docs/decisions/0077-data-access-style.md); the same text on both engines.
    const thread = await queryRows<{ id: number }>(
      tx,
      sql`WITH RECURSIVE thread(id) AS (
            SELECT id FROM replies WHERE id = ${replyId}
            UNION ALL SELECT r.id FROM replies r JOIN thread t ON r.parent_reply_id = t.id
          ) SELECT id FROM thread`,
    );
    const ids = thread.map((row) => Number(row.id));
    // One bound list however long the thread (docs/decisions/0077-data-access-style.md).
    const contents = await tx
      .select({ content: replies.content })
      .from(replies)
      .where(inJsonIds(tx, replies.id, JSON.stringify(ids)));
    await revokeReplyContributions(ids);
    await tx.delete(replies).where(eq(replies.id, replyId));
    await tx.update(posts).set({ repliesCount: sql`${posts.repliesCount} - ${ids.length}` }).where(eq(posts.id, postId));
    if (!isOwn) {
      await recordAudit({ actor, action: "reply.deleted", targetType: "reply", targetId: replyId, summary: `on "${reply.postTitle}"` });
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
