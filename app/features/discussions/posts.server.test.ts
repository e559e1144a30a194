import { describe, expect, it } from "vitest";
import { findUnsafeHtml, XSS_PAYLOADS } from "~/features/content/xss-payloads";
import { renderMarkdown } from "~/features/content/markdown.server";
import { eq, inArray, sql } from "drizzle-orm";
import { engine, schema, write } from "~/utils/db.server";
import {
  createPost,
  deletePost,
  findPost,
  likePost,
  listPosts,
  SEARCH_SET_LIMIT,
  setPostPinned,
  readerOf,
  unlikePost,
  updatePost,
} from "./posts.server";
import { createReply, deleteReply, listReplies } from "./replies.server";
import { toContainsPattern, toFtsPhrase } from "./search-sql.server";
import { createActor, createTestPost, firstCategoryId, pointsOf, scalar } from "./test-helpers";
import { pointsFor } from "~/features/gamification/rules";
import { appErrorOfAsync, statusOfAsync } from "~/test/errors";
import { rows } from "~/test/db";

describe("createPost", () => {
  it("creates a post with its category and public author, and credits post_created", async () => {
    const author = await createActor({ displayName: "Writer" });
    const post = await createTestPost(author, { title: "Hello", content: "World" });
    expect(post).toMatchObject({ title: "Hello", content: "World", likesCount: 0, repliesCount: 0, isPinned: false, isLiked: false });
    expect(post.category?.name).toBeTruthy();
    expect(post.category?.colorClass).toBeTruthy();
    expect(Object.keys(post.author).sort()).toEqual(["avatarUrl", "displayName", "firstName", "id", "lastName", "profileImageUrl", "role", "username"]);
    expect(await scalar(`SELECT count(*) FROM contributions WHERE user_id = ? AND kind = 'post_created' AND subject_id = ?`, author.id, String(post.id))).toBe(1);
    expect(await pointsOf(author.id)).toBe(10);
  });

  it("refuses missing fields with field messages (400)", async () => {
    const author = await createActor();
    const error = await appErrorOfAsync(() => createPost({ actor: author, input: { title: " ", content: "", categoryId: "" } }));
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toMatchObject({ title: ["Title is required"], content: ["Content is required"], categoryId: ["Please select a category"] });
    expect(await statusOfAsync(() => createPost({ actor: author, input: { title: "t", content: "c", categoryId: 99999 } }))).toBe(400);
    const categoryId = await firstCategoryId();
    expect(await statusOfAsync(() => createPost({ actor: author, input: { title: "x".repeat(201), content: "c", categoryId } }))).toBe(400);
  });

  it("limits how fast a member posts (429), counting posts and replies together", async () => {
    const author = await createActor();
    const post = await createTestPost(author);
    for (let index = 1; index < 10; index += 1) await createReply({ actor: author, postId: post.id, input: { content: `reply ${index}` } });
    expect(await statusOfAsync(() => createTestPost(author))).toBe(429);
    expect(await statusOfAsync(() => createReply({ actor: author, postId: post.id, input: { content: "one more" } }))).toBe(429);
    // Someone else is not affected.
    const other = await createActor();
    expect((await createTestPost(other)).id).toBeGreaterThan(0);
  });
});

describe("listPosts", () => {
  it("searches title and content case-insensitively (3+ characters through FTS5), combined with the category", async () => {
    const author = await createActor();
    const categories = (await rows(`SELECT id FROM categories ORDER BY id LIMIT 2`)) as { id: number }[];
    const a = await createTestPost(author, { title: "Zebra Quantum tips", content: "plain", categoryId: categories[0].id });
    const b = await createTestPost(author, { title: "Other", content: "all about zebra QUANTUM things", categoryId: categories[1].id });
    const viewerId = author.id;
    expect((await listPosts({ viewerId, search: "zebra quantum" })).posts.map((post) => post.id).sort()).toEqual([a.id, b.id].sort());
    expect((await listPosts({ viewerId, search: "ZEBRA", categoryId: categories[1].id })).posts.map((post) => post.id)).toEqual([b.id]);
    expect((await listPosts({ viewerId, search: "ebra qua" })).posts).toHaveLength(2);
    expect((await listPosts({ viewerId, search: "zebra NOPE" })).posts).toHaveLength(0);
  });

  it("treats FTS5 syntax in a search as plain text", async () => {
    const author = await createActor();
    const post = await createTestPost(author, { title: 'He said "AND" OR NOT* (x)', content: "c" });
    expect(toFtsPhrase('a"b')).toBe('"a""b"');
    for (const search of ['"AND"', "OR NOT*", "(x)", '"', "NEAR(", "*", "title:foo", "\u0000\u0000\u0000", "🤖🤖🤖", "%%%", "'; DROP TABLE posts; --"]) {
      await expect(listPosts({ viewerId: author.id, search })).resolves.toBeDefined();
    }
    expect((await listPosts({ viewerId: author.id, search: 'said "AND" OR' })).posts.map((found) => found.id)).toEqual([post.id]);
  });

  // The reference reads every match with the engine's own "contains": FTS5's MATCH on SQLite, ILIKE on PostgreSQL.
  it("lists a common term (more than SEARCH_SET_LIMIT matches) exactly as reading every match would, even when ids and dates disagree", async () => {
    const author = await createActor();
    const base = Date.UTC(2026, 0, 1);
    const categoryId = await firstCategoryId();
    const { posts } = schema;
    await write((tx) =>
      tx.insert(posts).values([
        ...Array.from({ length: SEARCH_SET_LIMIT + 60 }, (_, index) => ({
          title: `Common word ${index}`,
          content: index % 3 === 0 ? "plain" : "Ünïcode cömmon wörd",
          authorId: author.id,
          categoryId,
          isPinned: false,
          createdAt: new Date(base + index * 60_000),
          updatedAt: new Date(base),
        })),
        { title: "Other", content: "not this one", authorId: author.id, categoryId, isPinned: false, createdAt: new Date(base + 10 ** 9), updatedAt: new Date(base) },
      ]),
    );
    // An old id with the newest date, a pinned match with an old id, a non-ASCII pinned match.
    const oldestIds = (await rows<{ id: number }>(`SELECT id FROM posts WHERE title LIKE 'Common word %' ORDER BY id LIMIT 3`)).map((found) => Number(found.id));
    await write(async (tx) => {
      await tx.update(posts).set({ createdAt: new Date(base + 10 ** 10) }).where(eq(posts.id, oldestIds[0]));
      await tx.update(posts).set({ isPinned: true }).where(inArray(posts.id, [oldestIds[1], oldestIds[2]]));
      await tx.update(posts).set({ title: "COMMON wörd ünïcode" }).where(eq(posts.id, oldestIds[2]));
    });
    const matching = (search: string) =>
      engine === "postgres"
        ? sql`(${posts.title} ILIKE ${toContainsPattern(search)} ESCAPE '\\' OR ${posts.content} ILIKE ${toContainsPattern(search)} ESCAPE '\\')`
        : sql`${posts.id} IN (SELECT rowid FROM posts_fts WHERE posts_fts MATCH ${toFtsPhrase(search)})`;
    const everyMatch = async (search: string, offset: number) =>
      (await rows<{ id: number }>(sql`SELECT ${posts.id} AS "id" FROM ${posts} WHERE ${matching(search)} ORDER BY ${posts.isPinned} DESC, ${posts.createdAt} DESC, ${posts.id} DESC LIMIT 20 OFFSET ${offset}`)).map((found) => Number(found.id));
    for (const search of ["common", "COMMON WORD", "mon w"]) {
      const all = await everyMatch(search, 0);
      expect(all.length, search).toBeGreaterThan(0);
      for (const offset of [0, 20, SEARCH_SET_LIMIT + 20]) {
        const listed = (await listPosts({ viewerId: author.id, search, limit: 20, offset })).posts.map((post) => post.id);
        expect(listed, `${search} @${offset}`).toEqual(await everyMatch(search, offset));
      }
    }
    expect((await listPosts({ viewerId: author.id, search: "common", limit: 20 })).posts.slice(0, 3).map((post) => post.id)).toEqual([oldestIds[2], oldestIds[1], oldestIds[0]].sort((a, b) => b - a).slice(0, 2).concat(oldestIds[0]));
  });

  it("searches 1–2 characters with LIKE (wildcards escaped)", async () => {
    const author = await createActor();
    const post = await createTestPost(author, { title: "Q% marks the spot", content: "c" });
    expect((await listPosts({ viewerId: author.id, search: "q%" })).posts.map((found) => found.id)).toEqual([post.id]);
    expect((await listPosts({ viewerId: author.id, search: "_" })).posts.every((found) => found.title.includes("_") || found.content.includes("_"))).toBe(true);
  });

  it("puts pinned posts first, then newest first, and pages with offset or a keyset cursor", async () => {
    const author = await createActor();
    const moderator = await createActor({ role: "moderator" });
    const category = await firstCategoryId();
    const created = [];
    for (let index = 0; index < 5; index += 1) created.push(await createTestPost(author, { title: `Paging ${index}`, categoryId: category }));
    await setPostPinned({ actor: moderator, postId: created[1].id, isPinned: true });
    const { posts } = await listPosts({ viewerId: author.id, search: "Paging" });
    expect(posts.map((post) => post.id)).toEqual([created[1].id, created[4].id, created[3].id, created[2].id, created[0].id]);
    const firstPage = await listPosts({ viewerId: author.id, search: "Paging", limit: 2 });
    expect(firstPage.hasMore).toBe(true);
    const secondPage = await listPosts({ viewerId: author.id, search: "Paging", limit: 2, offset: 2 });
    const byCursor = await listPosts({ viewerId: author.id, search: "Paging", limit: 2, beforeId: firstPage.posts[1].id });
    expect(byCursor.posts.map((post) => post.id)).toEqual(secondPage.posts.map((post) => post.id));
  });

  // SQLite's query plans (EXPLAIN QUERY PLAN, FTS5).
  it.skipIf(engine === "postgres")("uses indexes, not a scan of every post, for the default list and for a search", async () => {
    const plan = async (sql: string, ...params: unknown[]) =>
      ((await rows(`EXPLAIN QUERY PLAN ${sql}`, ...params)) as { detail: string }[]).map((row) => row.detail).join("\n");
    for (const where of ["p.is_pinned = 0", "p.is_pinned = 1", "p.is_pinned = 0 AND p.category_id = 3"]) {
      const list = await plan(`SELECT p.id FROM posts p WHERE ${where} ORDER BY p.created_at DESC, p.id DESC LIMIT 21`);
      expect(list).toMatch(/USING (COVERING )?INDEX posts_(pinned|category)_created_idx/);
      expect(list).not.toContain("TEMP B-TREE");
    }
    const search = await plan(`SELECT rowid FROM posts_fts WHERE posts_fts MATCH ?`, '"abc"');
    expect(search).toMatch(/VIRTUAL TABLE INDEX/);
  });
});

describe("likes", () => {
  it("likes once, unlikes, credits the author and notifies them (not for their own like)", async () => {
    const author = await createActor({ displayName: "Author" });
    const liker = await createActor({ displayName: "Liker" });
    const post = await createTestPost(author, { title: "Likeable" });
    const before = await pointsOf(author.id);
    expect(await likePost({ actor: liker, postId: post.id })).toEqual({ postId: post.id, liked: true, likesCount: 1 });
    expect(await likePost({ actor: liker, postId: post.id })).toEqual({ postId: post.id, liked: true, likesCount: 1 });
    expect((await findPost(post.id, readerOf(liker)))?.isLiked).toBe(true);
    expect((await findPost(post.id, readerOf(author)))?.isLiked).toBe(false);
    expect(await pointsOf(author.id)).toBe(before + 2);
    expect(await scalar(`SELECT message FROM notifications WHERE user_id = ? AND kind = 'like'`, author.id)).toBe('Liker liked your post "Likeable"');
    expect(await unlikePost({ actor: liker, postId: post.id })).toEqual({ postId: post.id, liked: false, likesCount: 0 });
    expect((await unlikePost({ actor: liker, postId: post.id })).likesCount).toBe(0);
    expect(await pointsOf(author.id)).toBe(before);
    // like, unlike, like again: still one unread notification.
    await likePost({ actor: liker, postId: post.id });
    expect(await scalar(`SELECT count(*) FROM notifications WHERE user_id = ? AND kind = 'like'`, author.id)).toBe(1);
    await likePost({ actor: author, postId: post.id });
    expect(await scalar(`SELECT count(*) FROM notifications WHERE user_id = ? AND actor_id = ?`, author.id, author.id)).toBe(0);
    expect(await pointsOf(author.id)).toBe(before + 2);
    expect(await statusOfAsync(() => likePost({ actor: liker, postId: 999_999 }))).toBe(404);
  });

  it("keeps likesCount equal to COUNT(*) under many interleaved like/unlike calls", async () => {
    const author = await createActor();
    const post = await createTestPost(author);
    const members = await Promise.all(Array.from({ length: 12 }, () => createActor()));
    const calls = members.flatMap((member, index) =>
      Array.from({ length: 7 }, (_, round) => async () => {
        await Promise.resolve();
        return (index + round) % 3 === 0 ? await unlikePost({ actor: member, postId: post.id }) : await likePost({ actor: member, postId: post.id });
      }),
    );
    for (let index = calls.length - 1; index > 0; index -= 1) {
      const swap = (index * 7919) % (index + 1);
      [calls[index], calls[swap]] = [calls[swap], calls[index]];
    }
    await Promise.all(calls.map((call) => call()));
    const counted = await scalar(`SELECT count(*) FROM post_likes WHERE post_id = ?`, post.id);
    expect(await scalar(`SELECT likes_count FROM posts WHERE id = ?`, post.id)).toBe(counted);
    expect(await scalar(`SELECT count(*) FROM contributions WHERE kind = 'like_received' AND user_id = ?`, author.id)).toBe(counted);
  });
});

describe("replies", () => {
  it("threads replies, counts them, credits contributions and notifies the right people", async () => {
    const author = await createActor({ displayName: "PostAuthor" });
    const first = await createActor({ displayName: "First" });
    const second = await createActor({ displayName: "Second" });
    const post = await createTestPost(author, { title: "Threads" });
    const reply = await createReply({ actor: first, postId: post.id, input: { content: "first!" } });
    const answer = await createReply({ actor: second, postId: post.id, input: { content: "answer", parentReplyId: String(reply.id) } });
    await createReply({ actor: author, postId: post.id, input: { content: "thanks", parentReplyId: answer.id } });
    expect(answer.parentReplyId).toBe(reply.id);
    expect((await findPost(post.id, readerOf(author)))?.repliesCount).toBe(3);
    expect((await listReplies(post.id)).map((found) => found.content)).toEqual(["first!", "answer", "thanks"]);
    const messages = async (userId: string) =>
      ((await rows(`SELECT message FROM notifications WHERE user_id = ? ORDER BY id`, userId)) as { message: string }[]).map((row) => row.message);
    expect(await messages(author.id)).toEqual(['First replied to your post "Threads"', 'Second replied to your post "Threads"']);
    expect(await messages(first.id)).toEqual(['Second replied to your reply on "Threads"']);
    expect(await messages(second.id)).toEqual(['PostAuthor replied to your reply on "Threads"']);
    expect(await scalar(`SELECT count(*) FROM contributions WHERE user_id = ? AND kind = 'reply_to_other'`, first.id)).toBe(1);
    expect(await scalar(`SELECT count(*) FROM contributions WHERE user_id = ? AND kind = 'reply_to_other'`, author.id)).toBe(0);
    expect(await scalar(`SELECT count(*) FROM contributions WHERE user_id = ? AND kind = 'reply_created'`, author.id)).toBe(1);
  });

  it("refuses empty replies and parents from another post", async () => {
    const author = await createActor();
    const post = await createTestPost(author);
    const other = await createTestPost(author);
    const foreign = await createReply({ actor: author, postId: other.id, input: { content: "x" } });
    expect(await statusOfAsync(() => createReply({ actor: author, postId: post.id, input: { content: "   " } }))).toBe(400);
    expect(await statusOfAsync(() => createReply({ actor: author, postId: post.id, input: { content: "x", parentReplyId: foreign.id } }))).toBe(400);
    expect(await statusOfAsync(() => createReply({ actor: author, postId: 999_999, input: { content: "x" } }))).toBe(404);
  });

  it("keeps repliesCount exact under concurrent replies", async () => {
    const author = await createActor();
    const post = await createTestPost(author);
    const members = await Promise.all(Array.from({ length: 8 }, () => createActor()));
    await Promise.all(members.flatMap((member) => [1, 2, 3].map(async (n) => createReply({ actor: member, postId: post.id, input: { content: `r${n}` } }))));
    expect(await scalar(`SELECT replies_count FROM posts WHERE id = ?`, post.id)).toBe(await scalar(`SELECT count(*) FROM replies WHERE post_id = ?`, post.id));
  });

  it("takes 50 replies to one post at once, every one saved, the count exact (PostgreSQL: they take turns on the post, decision 0106)", async () => {
    const author = await createActor();
    const post = await createTestPost(author);
    const members = await Promise.all(Array.from({ length: 10 }, (_, index) => createActor({ displayName: `Busy thread ${index}` })));
    const outcomes = await Promise.allSettled(members.flatMap((member) => [1, 2, 3, 4, 5].map((n) => createReply({ actor: member, postId: post.id, input: { content: `r${n}` } }))));
    expect(outcomes.filter((outcome) => outcome.status === "rejected")).toEqual([]);
    expect(await scalar(`SELECT replies_count FROM posts WHERE id = ?`, post.id)).toBe(50);
    expect(await scalar(`SELECT count(*) FROM replies WHERE post_id = ?`, post.id)).toBe(50);
    expect(await pointsOf(members[0].id)).toBe(5 * (pointsFor("reply_created") + pointsFor("reply_to_other")) + pointsFor("joined"));
  }, 60_000);

  it("deleting a reply removes its sub-thread, lowers the count and takes back the points", async () => {
    const author = await createActor();
    const member = await createActor();
    const post = await createTestPost(author);
    const root = await createReply({ actor: member, postId: post.id, input: { content: "root" } });
    const child = await createReply({ actor: author, postId: post.id, input: { content: "child", parentReplyId: root.id } });
    await createReply({ actor: member, postId: post.id, input: { content: "grandchild", parentReplyId: child.id } });
    await createReply({ actor: member, postId: post.id, input: { content: "sibling" } });
    const memberPoints = await pointsOf(member.id);
    expect(await statusOfAsync(() => deleteReply({ actor: author, postId: post.id, replyId: root.id }))).toBe(403);
    expect(await deleteReply({ actor: member, postId: post.id, replyId: root.id })).toEqual({ deleted: 3 });
    expect((await findPost(post.id, readerOf(author)))?.repliesCount).toBe(1);
    expect(await scalar(`SELECT count(*) FROM replies WHERE post_id = ?`, post.id)).toBe(1);
    // root and grandchild are the member's replies on another member's post
    expect(await pointsOf(member.id)).toBe(memberPoints - 2 * (pointsFor("reply_created") + pointsFor("reply_to_other")));
  });
});

describe("editing, deleting and pinning", () => {
  it("lets only the author edit; moderators pin and delete others' posts with an audit entry", async () => {
    const author = await createActor();
    const member = await createActor();
    const moderator = await createActor({ role: "moderator" });
    const post = await createTestPost(author);
    expect((await updatePost({ actor: author, postId: post.id, input: { title: "Edited", content: "New", categoryId: post.categoryId } })).title).toBe("Edited");
    expect(await statusOfAsync(() => updatePost({ actor: moderator, postId: post.id, input: { title: "X", content: "Y", categoryId: post.categoryId } }))).toBe(403);
    expect(await statusOfAsync(() => setPostPinned({ actor: member, postId: post.id, isPinned: true }))).toBe(403);
    expect((await setPostPinned({ actor: moderator, postId: post.id, isPinned: true })).isPinned).toBe(true);
    expect(await statusOfAsync(() => deletePost({ actor: member, postId: post.id }))).toBe(403);
    await deletePost({ actor: moderator, postId: post.id });
    expect(await findPost(post.id, readerOf(author))).toBeNull();
    expect(await scalar(`SELECT count(*) FROM audit_log WHERE actor_id = ? AND target_id = ?`, moderator.id, String(post.id))).toBe(2);
    expect(await statusOfAsync(() => deletePost({ actor: moderator, postId: post.id }))).toBe(404);
  });

  it("deleting a post removes replies, likes, search entries, notifications and everyone's contributions", async () => {
    const author = await createActor();
    const fan = await createActor();
    const replier = await createActor();
    const post = await createTestPost(author, { title: "Doomed unique-xylophone" });
    await likePost({ actor: fan, postId: post.id });
    await likePost({ actor: replier, postId: post.id });
    const reply = await createReply({ actor: replier, postId: post.id, input: { content: "hi" } });
    await createReply({ actor: fan, postId: post.id, input: { content: "hey", parentReplyId: reply.id } });
    const keep = await createTestPost(fan, { title: "Survivor" });
    await likePost({ actor: author, postId: keep.id });
    expect(await pointsOf(author.id)).toBe(10 + 4);
    await deletePost({ actor: author, postId: post.id });
    expect(await scalar(`SELECT count(*) FROM replies WHERE post_id = ?`, post.id)).toBe(0);
    expect(await scalar(`SELECT count(*) FROM post_likes WHERE post_id = ?`, post.id)).toBe(0);
    expect((await listPosts({ viewerId: author.id, search: "unique-xylophone" })).posts).toHaveLength(0);
    expect(await scalar(`SELECT count(*) FROM notifications WHERE link LIKE ?`, `/post/${post.id}%`)).toBe(0);
    expect(await pointsOf(author.id)).toBe(0);
    expect(await pointsOf(replier.id)).toBe(0);
    expect(await pointsOf(fan.id)).toBe(10 + 2);
    expect(await scalar(`SELECT count(*) FROM contributions WHERE user_id = ? AND kind != 'joined'`, fan.id)).toBe(2);
  });
});

describe("XSS in titles, content and replies", () => {
  it.each(XSS_PAYLOADS)("stores %s as text and renders it inert", async (payload) => {
    const author = await createActor();
    const post = await createPost({ actor: author, input: { title: payload, content: payload, categoryId: await firstCategoryId() } });
    expect(post.title).toBe(payload.trim());
    const reply = await createReply({ actor: author, postId: post.id, input: { content: payload } });
    expect(findUnsafeHtml(renderMarkdown(post.content))).toBeNull();
    expect(findUnsafeHtml(renderMarkdown(reply.content))).toBeNull();
  });
});
