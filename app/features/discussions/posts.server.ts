/**
 * Posts: listing and search, reading, creating, editing, deleting, pinning and likes.
 * The /discussions and /post/:id pages and the /api/posts routes all call these functions.
 */
import { recordAudit } from "~/features/audit/audit.server";
import type { CurrentUser } from "~/features/auth/auth.server";
import { recordContribution, revokeContribution } from "~/features/gamification/contributions.server";
import { deleteNotificationsAbout, hasUnreadNotification } from "~/features/notifications/notifications.server";
import { notify } from "~/features/notifications/notify.server";
import { notifyMentions } from "./mentions.server";
import { assertMayContribute } from "~/features/moderation/contribution-guard.server";
import { userCan } from "~/utils/auth.server";
import { displayNameOf } from "~/utils/display-name";
import { getDb, transaction } from "~/utils/db.server";
import { badRequest, forbidden, notFound } from "~/utils/errors.server";
import { routes } from "~/utils/routes";
import { revokePostContributions } from "./revoke-contributions.server";
import { createPostSchema, POSTS_API_MAX_LIMIT, POSTS_PAGE_SIZE } from "./schemas";
import { parseOrThrow } from "~/utils/validation.server";
import { POST_COLUMNS, POST_JOINS, postForReader, toPostView, type PostRow, type PostView, type Reader } from "./views.server";
import { releaseUploads } from "~/features/uploads/uploads.server";
import { uploadHashesIn } from "~/utils/upload-urls";
import type { Actor } from "~/utils/actor";

/** Searches of 1–2 characters (too short for the trigram index) look only through this many newest posts. */
export const SHORT_SEARCH_WINDOW = 5_000;

/** A search with at most this many matches lists them all; a commoner term pages from its newest this-many (see listPosts). */
export const SEARCH_SET_LIMIT = 200;

export type ListPostsOptions = {
  viewerId: string;
  /** Moderators see hidden posts (marked); everyone else sees only their own (docs/moderation.md). */
  viewerCanModerate?: boolean;
  search?: string;
  categoryId?: number;
  limit?: number;
  /** Offset paging (the /discussions ?page= links). */
  offset?: number;
  /** Keyset paging (GET /api/posts?before=<post id>): posts that come after this one in the list order. */
  beforeId?: number;
};

/** Quotes a member's search as one FTS5 string, so operators and quotes in it are plain text. */
export function toFtsPhrase(search: string): string {
  return `"${search.replace(/"/g, '""')}"`;
}

function escapeLike(search: string): string {
  return search.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * Whether the search index matches this one post. The rowid goes in as a literal (an integer
 * from the database): FTS5 ignored a bound `rowid = ?` (better-sqlite3 binds numbers as REAL)
 * and walked every match, ~60 ms for a common term; with the literal it is a ~0.3 ms lookup.
 */
function postMatches(postId: number, phrase: string): boolean {
  if (!Number.isSafeInteger(postId)) return false;
  return Boolean(getDb().$client.prepare(`SELECT 1 FROM posts_fts WHERE posts_fts MATCH ? AND rowid = ${postId}`).get(phrase));
}

/**
 * The discussion list: pinned first, then newest first; optional case-insensitive search over
 * title and content (FTS5 trigram index for 3+ characters) and category filter.
 *
 * Pinned and unpinned posts are read by two queries, each walking an index in list order
 * (is_pinned + created_at, or category + created_at), so a page costs about `limit` rows
 * instead of sorting every post of a category (see docs/discussions.md for the numbers).
 */
export function listPosts(options: ListPostsOptions): { posts: PostView[]; hasMore: boolean } {
  const limit = Math.min(Math.max(1, Math.trunc(options.limit ?? POSTS_PAGE_SIZE)), POSTS_API_MAX_LIMIT);
  const offset = Math.max(0, Math.trunc(options.offset ?? 0));
  const filters: string[] = [];
  const filterParams: unknown[] = [];
  let newestMatches: { oldestId: number; phrase: string } | undefined;
  // Control characters (a NUL ends an FTS5 string early) mean nothing in a search: drop them.
  // eslint-disable-next-line no-control-regex
  const search = (options.search ?? "").replace(/[\u0000-\u001f\u007f]/g, " ").trim();
  if (search !== "") {
    if (Array.from(search).length >= 3) {
      // Reading every match of a common term (37,000 of 100,000 posts for "prompt") and joining
      // them cost 270 ms. Instead: the newest SEARCH_SET_LIMIT (200) matches by id (FTS5 streams them
      // in rowid order, ~1 ms). A rare term has no more: list exactly those. A common one: list
      // the page from them, and check that no older id is newer in time than the page's last
      // post (ids grow with created_at in practice); if one is, read every match after all.
      const phrase = toFtsPhrase(search);
      const matches = getDb()
        .$client.prepare(`SELECT rowid FROM posts_fts WHERE posts_fts MATCH ? ORDER BY rowid DESC LIMIT ?`)
        .pluck()
        .all(phrase, SEARCH_SET_LIMIT + 1) as number[];
      if (matches.length === 0) return { posts: [], hasMore: false };
      if (matches.length > SEARCH_SET_LIMIT) {
        matches.length = SEARCH_SET_LIMIT;
        newestMatches = { oldestId: matches[SEARCH_SET_LIMIT - 1], phrase };
      }
      filters.push(`p.id IN (SELECT value FROM json_each(?))`);
      filterParams.push(JSON.stringify(matches));
    } else {
      const pattern = `%${escapeLike(search)}%`;
      filters.push(
        `p.id IN (SELECT id FROM posts ORDER BY created_at DESC LIMIT ${SHORT_SEARCH_WINDOW})
         AND (p.title LIKE ? ESCAPE '\\' OR p.content LIKE ? ESCAPE '\\')`,
      );
      filterParams.push(pattern, pattern);
    }
  }
  if (options.categoryId !== undefined) {
    filters.push(`p.category_id = ?`);
    filterParams.push(options.categoryId);
  }
  if (!options.viewerCanModerate) {
    // Hidden posts are few (a partial index): the list's index walk stays as it was.
    filters.push(`p.id NOT IN (SELECT id FROM posts WHERE hidden_at IS NOT NULL AND author_id != ?)`);
    filterParams.push(options.viewerId);
  }

  let cursor: { isPinned: number; createdAt: number; id: number } | undefined;
  if (options.beforeId !== undefined) {
    cursor = getDb()
      .$client.prepare(`SELECT is_pinned AS isPinned, created_at AS createdAt, id FROM posts WHERE id = ?`)
      .get(options.beforeId) as typeof cursor;
    // The cursor post was deleted meanwhile: ids grow with time, so "older than its id" is close enough.
    cursor ??= { isPinned: 0, createdAt: Number.MAX_SAFE_INTEGER, id: options.beforeId };
  }

  const read = (isPinned: 0 | 1, take: number, skip: number): PostRow[] => {
    const rows = readWith(isPinned, take, skip, filters, filterParams);
    if (!newestMatches) return rows;
    const sqlite = getDb().$client;
    // Complete when no post outside the newest matches could come before the page's end: none
    // older by id but not by time (a full page), or none at all in this group (a short page).
    const complete =
      rows.length === take
        ? !sqlite.prepare(`SELECT 1 FROM posts WHERE created_at >= ? AND id < ? LIMIT 1`).get(rows[rows.length - 1].createdAt, newestMatches.oldestId)
        : !sqlite.prepare(`SELECT 1 FROM posts INDEXED BY posts_pinned_created_idx WHERE is_pinned = ? AND id < ? LIMIT 1`).get(isPinned, newestMatches.oldestId);
    if (complete) return rows;
    // The search filter is the first one (and its parameter the first too).
    if (isPinned) {
      // Pinned posts are few: ask the index about each one.
      const pinnedIds = (sqlite.prepare(`SELECT id FROM posts INDEXED BY posts_pinned_created_idx WHERE is_pinned = 1`).pluck().all() as number[]).filter(
        (postId) => postMatches(postId, newestMatches!.phrase),
      );
      return readWith(isPinned, take, skip, filters, [JSON.stringify(pinnedIds), ...filterParams.slice(1)]);
    }
    const allMatches = [`p.id IN (SELECT rowid FROM posts_fts WHERE posts_fts MATCH ?)`, ...filters.slice(1)];
    return readWith(isPinned, take, skip, allMatches, [newestMatches.phrase, ...filterParams.slice(1)]);
  };

  const readWith = (isPinned: 0 | 1, take: number, skip: number, filters: string[], filterParams: unknown[]): PostRow[] => {
    const conditions = [`p.is_pinned = ${isPinned}`, ...filters];
    const params: unknown[] = [options.viewerId, ...filterParams];
    if (cursor && cursor.isPinned === isPinned) {
      conditions.push(`(p.created_at < ? OR (p.created_at = ? AND p.id < ?))`);
      params.push(cursor.createdAt, cursor.createdAt, cursor.id);
    }
    params.push(take, skip);
    // Pinned posts are few: walk them by the pinned index rather than a category's whole index.
    const from = isPinned ? "posts p INDEXED BY posts_pinned_created_idx" : "posts p";
    // The page's ids first (posts only), then the joins and the like check for those rows alone.
    return getDb()
      .$client.prepare(
        `SELECT ${POST_COLUMNS},
           EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = ?) AS isLiked
         ${POST_JOINS}
         WHERE p.id IN (SELECT p.id FROM ${from} WHERE ${conditions.join(" AND ")} ORDER BY p.created_at DESC, p.id DESC LIMIT ? OFFSET ?)
         ORDER BY p.created_at DESC, p.id DESC`,
      )
      .all(...params) as PostRow[];
  };

  const wanted = limit + 1;
  // A cursor on an unpinned post is past every pinned one.
  const pinned = cursor && !cursor.isPinned ? [] : read(1, offset + wanted, 0);
  let rows: PostRow[];
  if (offset < pinned.length) {
    rows = pinned.slice(offset, offset + wanted);
    if (rows.length < wanted) rows = rows.concat(read(0, wanted - rows.length, 0));
  } else {
    rows = read(0, wanted, offset - pinned.length);
  }
  return { posts: rows.slice(0, limit).map(toPostView), hasMore: rows.length > limit };
}

/** The reader an actor is: moderators read hidden content. */
export function readerOf(actor: Actor): Reader {
  return { id: actor.id, canModerate: canModerate(actor) };
}

/** One post in its read form (withheld when hidden and the reader may not see it), or null. */
export function findPost(postId: number, reader: Reader): PostView | null {
  if (!Number.isSafeInteger(postId) || postId <= 0) return null;
  const row = getDb()
    .$client.prepare(
      `SELECT ${POST_COLUMNS},
         EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = ?) AS isLiked
       ${POST_JOINS}
       WHERE p.id = ?`,
    )
    .get(reader.id, postId) as PostRow | undefined;
  return row ? postForReader(toPostView(row), reader) : null;
}

/** One post, or a 404 AppError. */
export function getPost(postId: number, reader: Reader): PostView {
  const post = findPost(postId, reader);
  if (!post) throw notFound("Post not found");
  return post;
}

export type Category = { id: number; name: string; description: string; colorClass: string; iconClass: string; createdAt: Date };

/** All categories, by name (the create form's options, the filter and GET /api/categories). */
export function listCategories(): Category[] {
  const rows = getDb()
    .$client.prepare(
      `SELECT id, name, description, color_class AS colorClass, icon_class AS iconClass, created_at AS createdAt FROM categories ORDER BY name COLLATE NOCASE`,
    )
    .all() as (Omit<Category, "createdAt"> & { createdAt: number })[];
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
}

function assertCategoryExists(categoryId: number) {
  const exists = getDb().$client.prepare(`SELECT 1 FROM categories WHERE id = ?`).get(categoryId);
  if (!exists) throw badRequest("Please select a category", { categoryId: ["Please select a category"] });
}

/**
 * Starts a discussion; throws 400 (field errors, too many links for a new member), 403 (silenced),
 * 429 (posting too fast: assertMayContribute, docs/moderation.md). Credits post_created.
 * `now` dates it (default: now; the demo community replays its history at its own dates).
 */
export function createPost({ actor, input, now = new Date() }: { actor: Actor; input: unknown; now?: Date }): PostView {
  const data = parseOrThrow(createPostSchema, input);
  assertCategoryExists(data.categoryId);
  assertMayContribute(actor, "post", { content: data.content, now });
  const postId = transaction((db) => {
    const inserted = db.$client
      .prepare(`INSERT INTO posts (title, content, author_id, category_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id`)
      .get(data.title, data.content, actor.id, data.categoryId, now.getTime(), now.getTime()) as { id: number };
    recordContribution({ userId: actor.id, kind: "post_created", subjectId: inserted.id, at: now });
    notifyMentions({ actorId: actor.id, actorName: actorName(actor.id), content: data.content, postTitle: data.title, link: routes.post(inserted.id), at: now });
    return inserted.id;
  });
  return getPost(postId, readerOf(actor));
}

function loadPostForChange(postId: number): { id: number; authorId: string; title: string; isPinned: number } {
  const post = getDb()
    .$client.prepare(`SELECT id, author_id AS authorId, title, is_pinned AS isPinned FROM posts WHERE id = ?`)
    .get(postId) as { id: number; authorId: string; title: string; isPinned: number } | undefined;
  if (!post) throw notFound("Post not found");
  return post;
}

/** Edits a post's title, content and category; only its author may. */
export function updatePost({ actor, postId, input }: { actor: Actor; postId: number; input: unknown }): PostView {
  const data = parseOrThrow(createPostSchema, input);
  const previousContent = transaction(() => {
    const post = loadPostForChange(postId);
    if (post.authorId !== actor.id) throw forbidden("Only the author can edit this post.");
    assertMayContribute(actor, "post", { content: data.content, isEdit: true });
    const previous = getDb().$client.prepare(`SELECT content FROM posts WHERE id = ?`).get(postId) as { content: string };
    assertCategoryExists(data.categoryId);
    getDb()
      .$client.prepare(`UPDATE posts SET title = ?, content = ?, category_id = ?, updated_at = ? WHERE id = ?`)
      .run(data.title, data.content, data.categoryId, Date.now(), postId);
    notifyMentions({ actorId: actor.id, actorName: actorName(actor.id), content: data.content, postTitle: data.title, link: routes.post(postId) });
    return previous.content;
  });
  void releaseUploads(uploadHashesIn(previousContent)); // pictures the edit took out (docs/uploads.md)
  return getPost(postId, readerOf(actor));
}

export function canModerate(actor: Actor): boolean {
  return userCan(actor as CurrentUser, "content:moderate");
}

/**
 * Deletes a post with its replies and likes (foreign-key cascades), takes back every
 * contribution they produced and the notifications pointing at it; authors and moderators may.
 */
export function deletePost({ actor, postId }: { actor: Actor; postId: number }): void {
  const texts = transaction(() => {
    const post = loadPostForChange(postId);
    const isOwn = post.authorId === actor.id;
    if (!isOwn && !canModerate(actor)) throw forbidden("Only the author or a moderator can delete this post.");
    const sqlite = getDb().$client;
    revokePostContributions(postId);
    const recipients = sqlite
      .prepare(`SELECT ? AS id UNION SELECT DISTINCT author_id FROM replies WHERE post_id = ?`)
      .all(post.authorId, postId) as { id: string }[];
    deleteNotificationsAbout({ recipientIds: recipients.map((row) => row.id), link: routes.post(postId) });
    const contents = sqlite.prepare(`SELECT content FROM posts WHERE id = ? UNION ALL SELECT content FROM replies WHERE post_id = ?`).all(postId, postId) as { content: string }[];
    sqlite.prepare(`DELETE FROM posts WHERE id = ?`).run(postId);
    if (!isOwn) {
      recordAudit({ actor, action: "post.deleted", targetType: "post", targetId: postId, summary: post.title });
    }
    return contents.map((row) => row.content).join("\n");
  });
  void releaseUploads(uploadHashesIn(texts)); // their pictures nothing else uses (docs/uploads.md)
}

/** Pins or unpins a post (moderators and admins). */
export function setPostPinned({ actor, postId, isPinned }: { actor: Actor; postId: number; isPinned: boolean }): PostView {
  if (!canModerate(actor)) throw forbidden("Only moderators can pin posts.");
  transaction(() => {
    const post = loadPostForChange(postId);
    if (Boolean(post.isPinned) === isPinned) return;
    getDb().$client.prepare(`UPDATE posts SET is_pinned = ? WHERE id = ?`).run(isPinned ? 1 : 0, postId);
    if (post.authorId !== actor.id) {
      recordAudit({ actor, action: isPinned ? "post.pinned" : "post.unpinned", targetType: "post", targetId: postId, summary: post.title });
    }
  });
  return getPost(postId, readerOf(actor));
}

export type LikeState = { postId: number; liked: boolean; likesCount: number };

/**
 * Likes a post once (a second like changes nothing). The counter moves by SQL increment in
 * the same IMMEDIATE transaction as the unique (post, user) row, so it always equals COUNT(*).
 */
export function likePost({ actor, postId, now = new Date() }: { actor: Actor; postId: number; now?: Date }): LikeState {
  return transaction(() => {
    const sqlite = getDb().$client;
    const post = loadPostForChange(postId);
    const inserted = sqlite
      .prepare(`INSERT INTO post_likes (post_id, user_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING id`)
      .get(postId, actor.id, now.getTime());
    if (inserted) {
      sqlite.prepare(`UPDATE posts SET likes_count = likes_count + 1 WHERE id = ?`).run(postId);
      if (post.authorId !== actor.id) {
        recordContribution({ userId: post.authorId, kind: "like_received", subjectId: `${postId}:${actor.id}`, at: now });
        const link = routes.post(postId);
        if (!hasUnreadNotification({ userId: post.authorId, actorId: actor.id, kind: "like", link })) {
          notify({ userId: post.authorId, actorId: actor.id, kind: "like", message: `${actorName(actor.id)} liked your post "${post.title}"`, link, at: now });
        }
      }
    }
    return { postId, liked: true, likesCount: currentLikes(postId) };
  });
}

/** Takes a like back (a no-op when there was none) and the author's like_received points with it. */
export function unlikePost({ actor, postId }: { actor: Actor; postId: number }): LikeState {
  return transaction(() => {
    const sqlite = getDb().$client;
    const post = loadPostForChange(postId);
    const removed = sqlite.prepare(`DELETE FROM post_likes WHERE post_id = ? AND user_id = ? RETURNING id`).get(postId, actor.id);
    if (removed) {
      sqlite.prepare(`UPDATE posts SET likes_count = likes_count - 1 WHERE id = ?`).run(postId);
      revokeContribution({ userId: post.authorId, kind: "like_received", subjectId: `${postId}:${actor.id}` });
    }
    return { postId, liked: false, likesCount: currentLikes(postId) };
  });
}

function currentLikes(postId: number): number {
  const row = getDb().$client.prepare(`SELECT likes_count AS likesCount FROM posts WHERE id = ?`).get(postId) as { likesCount: number };
  return row.likesCount;
}

/** The name other members see for someone (the display-name rule), for notification texts. */
export function actorName(userId: string): string {
  const row = getDb()
    .$client.prepare(`SELECT display_name AS displayName, first_name AS firstName, last_name AS lastName FROM users WHERE id = ?`)
    .get(userId) as { displayName: string; firstName: string; lastName: string } | undefined;
  return row ? displayNameOf(row) : "Community Member";
}
