/**
 * Posts: listing and search, reading, creating, editing, deleting, pinning and likes.
 * The /discussions and /post/:id pages and the /api/posts routes all call these functions.
 */
import { recordAudit } from "~/features/audit/index.server";
import { type CurrentUser, userCan } from "~/features/auth/index.server";
import { recordContribution, revokeContribution } from "~/features/gamification/index.server";
import { deleteNotificationsAbout, hasUnreadNotification, notify } from "~/features/notifications/index.server";
import { notifyMentions } from "./mentions.server";
import { containsPattern, matchesSearch, newestMatchIds, postsByPinnedIndex, postsMatching, searchTermOf, toContainsPattern } from "./search-sql.server";
import { assertMayContribute } from "~/features/moderation/index.server";
import { displayNameOf } from "~/utils/display-name";
import { and, desc, eq, gte, inArray, isNotNull, lt, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import { cachedUntilWrite, readDb, schema, write, type AppDatabase } from "~/utils/db.server";
import { booleanLiteral, caseless, inJsonIds, literalLimit, lockRowForUpdate } from "~/utils/sql-dialect.server";
import { perDatabase, perDatabaseShape } from "~/utils/statement-cache.server";
import { badRequest, forbidden, notFound } from "~/utils/errors.server";
import { routes } from "~/utils/routes";
import { revokePostContributions } from "./revoke-contributions.server";
import { createPostSchema, POSTS_API_MAX_LIMIT, POSTS_PAGE_SIZE } from "./schemas";
import { parseOrThrow } from "~/utils/validation.server";
import { postForReader, selectPosts, toPostView, type PostRow, type PostView, type Reader } from "./views.server";
import { releaseUploads } from "~/features/uploads/index.server";
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

/** Which filters one read of the list has: each combination is one prepared query per database. */
type ListShape = {
  isPinned: boolean;
  /** ids: among the ids in `matchIds` (JSON); all: every match of the search `term`; short: a LIKE `pattern` over the newest posts. */
  search: "none" | "ids" | "all" | "short";
  category: boolean;
  /** Moderators see hidden posts; others only their own. */
  moderate: boolean;
  cursor: boolean;
  /**
   * The LIMIT written into the SQL when it is a page's size (at most POSTS_API_MAX_LIMIT + 1): SQLite
   * reads the page's ids and joins them ≈45 µs faster per query than with a bound LIMIT
   * (docs/performance.md, "Fifth slice"). Larger ones (a deep pinned page) stay a placeholder.
   */
  take: number | undefined;
};

type ListParams = {
  viewerId: string;
  matchIds?: string;
  term?: string;
  pattern?: string;
  categoryId?: number;
  cursorCreatedAt?: number;
  cursorId?: number;
  take: number;
  skip: number;
};

function buildListQuery(db: AppDatabase, shape: ListShape) {
  const { posts } = schema;
  const param = sql.placeholder;
  const conditions: (SQL | undefined)[] = [eq(posts.isPinned, booleanLiteral(db, shape.isPinned))];
  // The search's fragments of one engine come from search-sql.server.ts (decision 0104).
  if (shape.search === "ids") conditions.push(inJsonIds(db, posts.id, param("matchIds")));
  if (shape.search === "all") conditions.push(matchesSearch(db, param("term")));
  if (shape.search === "short") {
    conditions.push(
      inArray(posts.id, db.select({ id: posts.id }).from(posts).orderBy(desc(posts.createdAt)).limit(literalLimit(SHORT_SEARCH_WINDOW))),
      containsPattern(db, param("pattern")),
    );
  }
  if (shape.category) conditions.push(eq(posts.categoryId, param("categoryId")));
  if (!shape.moderate) {
    // Hidden posts are few (a partial index): the list's index walk stays as it was.
    conditions.push(
      notInArray(posts.id, db.select({ id: posts.id }).from(posts).where(and(isNotNull(posts.hiddenAt), ne(posts.authorId, param("viewerId"))))),
    );
  }
  if (shape.cursor) {
    conditions.push(
      or(lt(posts.createdAt, param("cursorCreatedAt")), and(eq(posts.createdAt, param("cursorCreatedAt")), lt(posts.id, param("cursorId")))),
    );
  }
  // The page's ids first (posts only), then the joins and the like check for those rows alone.
  // Pinned posts are few: walk them by the pinned index rather than a category's whole index.
  const pageIds = db
    .select({ id: sql<number>`${posts.id}` })
    .from(shape.isPinned ? postsByPinnedIndex(db) : posts)
    .where(and(...conditions))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    // The page's length written into the SQL: one compiled program per shape (decision 0126).
    .limit(shape.take === undefined ? param("take") : literalLimit(shape.take))
    .offset(param("skip"));
  return selectPosts(db, param("viewerId"))
    .where(inArray(posts.id, pageIds))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .prepare();
}

const listQueries = perDatabase((db: AppDatabase) => {
  const { posts } = schema;
  const param = sql.placeholder;
  return {
    cursor: db.select({ isPinned: posts.isPinned, createdAt: posts.createdAt, id: posts.id }).from(posts).where(eq(posts.id, param("postId"))).prepare(),
    // The search's completeness checks (see listPosts).
    newerByTime: db
      .select({ one: sql`1` })
      .from(posts)
      .where(and(gte(posts.createdAt, param("createdAt")), lt(posts.id, param("oldestId"))))
      .limit(literalLimit(1))
      .prepare(),
    olderInGroup: db
      .select({ one: sql`1` })
      .from(postsByPinnedIndex(db))
      .where(and(eq(posts.isPinned, param("isPinned")), lt(posts.id, param("oldestId"))))
      .limit(literalLimit(1))
      .prepare(),
    pinnedIds: db
      .select({ id: sql<number>`${posts.id}` })
      .from(postsByPinnedIndex(db))
      .where(eq(posts.isPinned, booleanLiteral(db, true)))
      .prepare(),
  };
});

/** One prepared list query per shape (app/utils/statement-cache.server.ts). */
const listQuery = perDatabaseShape(buildListQuery, (shape: ListShape) => `${+shape.isPinned}${shape.search}${+shape.category}${+shape.moderate}${+shape.cursor}:${shape.take ?? "?"}`, {
  maxShapes: 100,
});

function readList(db: AppDatabase, shape: ListShape, params: ListParams): Promise<PostRow[]> {
  return listQuery(db, shape).execute(params);
}

/**
 * The discussion list: pinned first, then newest first; optional case-insensitive search over
 * title and content (FTS5 trigram index for 3+ characters) and category filter.
 *
 * Pinned and unpinned posts are read by two queries, each walking an index in list order
 * (is_pinned + created_at, or category + created_at), so a page costs about `limit` rows
 * instead of sorting every post of a category (see docs/discussions.md for the numbers).
 */
export async function listPosts(options: ListPostsOptions): Promise<{ posts: PostView[]; hasMore: boolean }> {
  const limit = Math.min(Math.max(1, Math.trunc(options.limit ?? POSTS_PAGE_SIZE)), POSTS_API_MAX_LIMIT);
  const offset = Math.max(0, Math.trunc(options.offset ?? 0));
  const db = readDb();
  const queries = listQueries(db);
  const shape: Omit<ListShape, "isPinned" | "cursor" | "take"> = { search: "none", category: options.categoryId !== undefined, moderate: Boolean(options.viewerCanModerate) };
  const params: Omit<ListParams, "take" | "skip"> = { viewerId: options.viewerId, categoryId: options.categoryId };
  let newestMatches: { oldestId: number; term: string } | undefined;
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
      const term = searchTermOf(db, search);
      const matches = await newestMatchIds(db, term, SEARCH_SET_LIMIT + 1);
      if (matches.length === 0) return { posts: [], hasMore: false };
      if (matches.length > SEARCH_SET_LIMIT) {
        matches.length = SEARCH_SET_LIMIT;
        newestMatches = { oldestId: matches[SEARCH_SET_LIMIT - 1], term };
      }
      shape.search = "ids";
      params.matchIds = JSON.stringify(matches);
    } else {
      shape.search = "short";
      params.pattern = toContainsPattern(search);
    }
  }

  let cursor: { isPinned: boolean; createdAt: number; id: number } | undefined;
  if (options.beforeId !== undefined) {
    const [row] = await queries.cursor.execute({ postId: options.beforeId });
    // The cursor post was deleted meanwhile: ids grow with time, so "older than its id" is close enough.
    cursor = row ? { ...row, createdAt: row.createdAt.getTime() } : { isPinned: false, createdAt: Number.MAX_SAFE_INTEGER, id: options.beforeId };
  }

  const readWith = (isPinned: boolean, take: number, skip: number, search: Partial<Pick<ListShape, "search">> & Partial<ListParams> = {}): Promise<PostRow[]> => {
    const inCursor = cursor !== undefined && cursor.isPinned === isPinned;
    return readList(
      db,
      { ...shape, ...search, isPinned, cursor: inCursor, take: take <= POSTS_API_MAX_LIMIT + 1 ? take : undefined },
      { ...params, ...search, ...(inCursor ? { cursorCreatedAt: cursor!.createdAt, cursorId: cursor!.id } : {}), take, skip },
    );
  };

  const read = async (isPinned: boolean, take: number, skip: number): Promise<PostRow[]> => {
    const rows = await readWith(isPinned, take, skip);
    if (!newestMatches) return rows;
    const { oldestId, term } = newestMatches;
    // Complete when no post outside the newest matches could come before the page's end: none
    // older by id but not by time (a full page), or none at all in this group (a short page).
    const complete =
      rows.length === take
        ? (await queries.newerByTime.execute({ createdAt: rows[rows.length - 1].createdAt.getTime(), oldestId })).length === 0
        : (await queries.olderInGroup.execute({ isPinned: isPinned ? 1 : 0, oldestId })).length === 0;
    if (complete) return rows;
    if (isPinned) {
      // Pinned posts are few: which of them match.
      const pinnedIds = await postsMatching(db, (await queries.pinnedIds.execute()).map(({ id }) => id), term);
      return readWith(isPinned, take, skip, { search: "ids", matchIds: JSON.stringify(pinnedIds) });
    }
    return readWith(isPinned, take, skip, { search: "all", term });
  };

  const wanted = limit + 1;
  // A cursor on an unpinned post is past every pinned one.
  const pinned = cursor && !cursor.isPinned ? [] : await read(true, offset + wanted, 0);
  let rows: PostRow[];
  if (offset < pinned.length) {
    rows = pinned.slice(offset, offset + wanted);
    if (rows.length < wanted) rows = rows.concat(await read(false, wanted - rows.length, 0));
  } else {
    rows = await read(false, wanted, offset - pinned.length);
  }
  return { posts: rows.slice(0, limit).map(toPostView), hasMore: rows.length > limit };
}

/** The reader an actor is: moderators read hidden content. */
export function readerOf(actor: Actor): Reader {
  return { id: actor.id, canModerate: canModerate(actor) };
}

/**
 * The post page's, the like toggle's and the writes' queries: Drizzle prepared queries, made
 * once per database (docs/decisions/0077-data-access-style.md).
 */
const postQueries = perDatabase((db: AppDatabase) => {
  const { categories, postLikes, posts, users } = schema;
  const param = sql.placeholder;
  return {
    find: selectPosts(db, param("viewerId")).where(eq(posts.id, param("postId"))).prepare(),
    categories: db
      .select({ id: categories.id, name: categories.name, description: categories.description, colorClass: categories.colorClass, iconClass: categories.iconClass, createdAt: categories.createdAt })
      .from(categories)
      .orderBy(caseless(db, categories.name))
      .prepare(),
    forChange: db
      .select({ id: posts.id, authorId: posts.authorId, title: posts.title, isPinned: posts.isPinned })
      .from(posts)
      .where(eq(posts.id, param("postId")))
      .prepare(),
    like: db
      .insert(postLikes)
      .values({ postId: param("postId"), userId: param("userId"), createdAt: param("createdAt") })
      .onConflictDoNothing()
      .returning({ id: postLikes.id })
      .prepare(),
    unlike: db
      .delete(postLikes)
      .where(and(eq(postLikes.postId, param("postId")), eq(postLikes.userId, param("userId"))))
      .returning({ id: postLikes.id })
      .prepare(),
    addLike: db.update(posts).set({ likesCount: sql`${posts.likesCount} + 1` }).where(eq(posts.id, param("postId"))).prepare(),
    removeLike: db.update(posts).set({ likesCount: sql`${posts.likesCount} - 1` }).where(eq(posts.id, param("postId"))).prepare(),
    likesCount: db.select({ likesCount: posts.likesCount }).from(posts).where(eq(posts.id, param("postId"))).prepare(),
    actorName: db
      .select({ displayName: users.displayName, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, param("userId")))
      .prepare(),
  };
});

/** One post in its read form (withheld when hidden and the reader may not see it), or null. */
export async function findPost(postId: number, reader: Reader): Promise<PostView | null> {
  if (!Number.isSafeInteger(postId) || postId <= 0) return null;
  const [row]: (PostRow | undefined)[] = await postQueries(readDb()).find.execute({ viewerId: reader.id, postId });
  return row ? postForReader(toPostView(row), reader) : null;
}

/** One post, or a 404 AppError. */
export async function getPost(postId: number, reader: Reader): Promise<PostView> {
  const post = await findPost(postId, reader);
  if (!post) throw notFound("Post not found");
  return post;
}

export type Category = { id: number; name: string; description: string; colorClass: string; iconClass: string; createdAt: Date };

/**
 * All categories, by name (the create form's options, the filter and GET /api/categories). The
 * same for everyone, so kept until the next write: read-only, do not change the array.
 */
export const listCategories: () => Promise<readonly Category[]> = cachedUntilWrite(() => postQueries(readDb()).categories.execute());

async function assertCategoryExists(db: AppDatabase, categoryId: number): Promise<void> {
  const { categories } = schema;
  const [exists] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).limit(literalLimit(1));
  if (!exists) throw badRequest("Please select a category", { categoryId: ["Please select a category"] });
}

/**
 * Starts a discussion; throws 400 (field errors, too many links for a new member), 403 (silenced),
 * 429 (posting too fast: assertMayContribute, docs/moderation.md). Credits post_created.
 * `now` dates it (default: now; the demo community replays its history at its own dates).
 */
export async function createPost({ actor, input, now = new Date() }: { actor: Actor; input: unknown; now?: Date }): Promise<PostView> {
  const data = parseOrThrow(createPostSchema, input);
  await assertCategoryExists(readDb(), data.categoryId);
  await assertMayContribute(actor, "post", { content: data.content, now });
  const postId = await write(async (tx) => {
    const [inserted] = await tx
      .insert(schema.posts)
      .values({ title: data.title, content: data.content, authorId: actor.id, categoryId: data.categoryId, createdAt: now, updatedAt: now })
      .returning({ id: schema.posts.id });
    await recordContribution({ userId: actor.id, kind: "post_created", subjectId: inserted.id, at: now });
    await notifyMentions({ actorId: actor.id, actorName: await actorName(actor.id), content: data.content, postTitle: data.title, link: routes.post(inserted.id), at: now });
    return inserted.id;
  });
  return getPost(postId, readerOf(actor));
}

async function loadPostForChange(db: AppDatabase, postId: number): Promise<{ id: number; authorId: string; title: string; isPinned: boolean }> {
  const [post] = await postQueries(db).forChange.execute({ postId });
  if (!post) throw notFound("Post not found");
  return post;
}

/** Edits a post's title, content and category; only its author may. */
export async function updatePost({ actor, postId, input }: { actor: Actor; postId: number; input: unknown }): Promise<PostView> {
  const data = parseOrThrow(createPostSchema, input);
  const previousContent = await write(async (tx) => {
    const post = await loadPostForChange(tx, postId);
    if (post.authorId !== actor.id) throw forbidden("Only the author can edit this post.");
    await assertMayContribute(actor, "post", { content: data.content, isEdit: true });
    const { posts } = schema;
    const [previous] = await tx.select({ content: posts.content }).from(posts).where(eq(posts.id, postId)).limit(literalLimit(1));
    await assertCategoryExists(tx, data.categoryId);
    await tx.update(posts).set({ title: data.title, content: data.content, categoryId: data.categoryId, updatedAt: new Date() }).where(eq(posts.id, postId));
    await notifyMentions({ actorId: actor.id, actorName: await actorName(actor.id), content: data.content, postTitle: data.title, link: routes.post(postId) });
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
export async function deletePost({ actor, postId }: { actor: Actor; postId: number }): Promise<void> {
  // revokeContributions, deleteNotificationsAbout and recordAudit are synchronous helpers of unconverted features: they join this unit (decision 0102).
  const texts = await write(async (tx) => {
    const post = await loadPostForChange(tx, postId);
    const isOwn = post.authorId === actor.id;
    if (!isOwn && !canModerate(actor)) throw forbidden("Only the author or a moderator can delete this post.");
    const { posts, replies } = schema;
    await revokePostContributions(tx, postId);
    const replyAuthors = await tx.selectDistinct({ id: replies.authorId }).from(replies).where(eq(replies.postId, postId));
    const recipientIds = [...new Set([post.authorId, ...replyAuthors.map((row) => row.id)])];
    await deleteNotificationsAbout({ recipientIds, link: routes.post(postId) });
    const contents = await tx
      .select({ content: posts.content })
      .from(posts)
      .where(eq(posts.id, postId))
      .unionAll(tx.select({ content: replies.content }).from(replies).where(eq(replies.postId, postId)));
    await tx.delete(posts).where(eq(posts.id, postId));
    if (!isOwn) {
      await recordAudit({ actor, action: "post.deleted", targetType: "post", targetId: postId, summary: post.title });
    }
    return contents.map((row) => row.content).join("\n");
  });
  void releaseUploads(uploadHashesIn(texts)); // their pictures nothing else uses (docs/uploads.md)
}

/** Pins or unpins a post (moderators and admins). */
export async function setPostPinned({ actor, postId, isPinned }: { actor: Actor; postId: number; isPinned: boolean }): Promise<PostView> {
  if (!canModerate(actor)) throw forbidden("Only moderators can pin posts.");
  await write(async (tx) => {
    const post = await loadPostForChange(tx, postId);
    if (Boolean(post.isPinned) === isPinned) return;
    await tx.update(schema.posts).set({ isPinned }).where(eq(schema.posts.id, postId));
    if (post.authorId !== actor.id) {
      await recordAudit({ actor, action: isPinned ? "post.pinned" : "post.unpinned", targetType: "post", targetId: postId, summary: post.title });
    }
  });
  return getPost(postId, readerOf(actor));
}

export type LikeState = { postId: number; liked: boolean; likesCount: number };

/**
 * Likes a post once (a second like changes nothing). The counter moves by SQL increment in
 * the same unit of work as the unique (post, user) row, so it always equals COUNT(*).
 */
export async function likePost({ actor, postId, now = new Date() }: { actor: Actor; postId: number; now?: Date }): Promise<LikeState> {
  return write(async (tx) => {
    // A popular post's likes arrive together: they take turns on its counter (decision 0106).
    await lockRowForUpdate(tx, schema.posts, postId);
    const queries = postQueries(tx);
    const post = await loadPostForChange(tx, postId);
    const [inserted] = await queries.like.execute({ postId, userId: actor.id, createdAt: now });
    if (inserted) {
      await queries.addLike.execute({ postId });
      if (post.authorId !== actor.id) {
        await recordContribution({ userId: post.authorId, kind: "like_received", subjectId: `${postId}:${actor.id}`, at: now });
        const link = routes.post(postId);
        if (!(await hasUnreadNotification({ userId: post.authorId, actorId: actor.id, kind: "like", link }))) {
          await notify({ userId: post.authorId, actorId: actor.id, kind: "like", message: `${await actorName(actor.id)} liked your post "${post.title}"`, link, at: now });
        }
      }
    }
    return { postId, liked: true, likesCount: await currentLikes(tx, postId) };
  });
}

/** Takes a like back (a no-op when there was none) and the author's like_received points with it. */
export async function unlikePost({ actor, postId }: { actor: Actor; postId: number }): Promise<LikeState> {
  return write(async (tx) => {
    await lockRowForUpdate(tx, schema.posts, postId);
    const queries = postQueries(tx);
    const post = await loadPostForChange(tx, postId);
    const [removed] = await queries.unlike.execute({ postId, userId: actor.id });
    if (removed) {
      await queries.removeLike.execute({ postId });
      await revokeContribution({ userId: post.authorId, kind: "like_received", subjectId: `${postId}:${actor.id}` });
    }
    return { postId, liked: false, likesCount: await currentLikes(tx, postId) };
  });
}

async function currentLikes(db: AppDatabase, postId: number): Promise<number> {
  const [row] = await postQueries(db).likesCount.execute({ postId });
  return row.likesCount;
}

/** The name other members see for someone (the display-name rule), for notification texts. */
export async function actorName(userId: string): Promise<string> {
  const [row] = await postQueries(readDb()).actorName.execute({ userId });
  return row ? displayNameOf(row) : "Community Member";
}

