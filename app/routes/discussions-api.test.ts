/** The discussion /api routes and page actions, called as React Router would: shapes, statuses, and the same rules as the pages. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { signedInRequest, routeArgs } from "~/test/factories";
import { action as postsAction, loader as postsLoader } from "~/routes/api.posts";
import { action as postAction, loader as postLoader } from "~/routes/api.posts.$id";
import { action as likeAction } from "~/routes/api.posts.$id.like";
import { action as repliesAction, loader as repliesLoader } from "~/routes/api.posts.$id.replies";
import { action as replyAction } from "~/routes/api.posts.$id.replies.$replyId";
import { loader as categoriesLoader } from "~/routes/api.categories";
import { loader as countsLoader } from "~/routes/api.notifications.counts";
import { loader as notificationsLoader } from "~/routes/api.notifications";
import { action as readAllAction } from "~/routes/api.notifications.read-all";
import { action as createPageAction } from "~/routes/discussions.new";
import { action as postPageAction, loader as postPageLoader } from "~/routes/post.$id";
import { loader as discussionsLoader } from "~/routes/discussions";
import { createActor, createTestPost, firstCategoryId } from "~/features/discussions/test-helpers";
import { run } from "~/test/db";

type Params = Record<string, string>;
const args = (request: Request, params: Params = {}) => (routeArgs(request, params)) as unknown as LoaderFunctionArgs & ActionFunctionArgs;
const jsonInit = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: body === undefined ? {} : { "Content-Type": "application/json" },
  body: body === undefined ? undefined : JSON.stringify(body),
});
const url = (path: string) => `http://localhost${path}`;

async function as(userId: string, path: string, init: RequestInit = {}) {
  return signedInRequest(userId, url(path), init);
}

describe("/api/posts", () => {
  it("answers visitors 401 on every endpoint", async () => {
    const anonymous = (path: string, init?: RequestInit) => new Request(url(path), init);
    expect((await postsLoader(args(anonymous("/api/posts")))).status).toBe(401);
    expect((await postsAction(args(anonymous("/api/posts", jsonInit("POST", {}))))).status).toBe(401);
    expect((await postLoader(args(anonymous("/api/posts/1"), { id: "1" }))).status).toBe(401);
    expect((await likeAction(args(anonymous("/api/posts/1/like", jsonInit("POST")), { id: "1" }))).status).toBe(401);
    expect((await repliesLoader(args(anonymous("/api/posts/1/replies"), { id: "1" }))).status).toBe(401);
    expect((await categoriesLoader(args(anonymous("/api/categories")))).status).toBe(401);
    const counts = await countsLoader(args(anonymous("/api/notifications/counts")));
    expect(counts.status).toBe(401);
    expect(await counts.json()).toEqual({ message: "Unauthorized" });
  });

  it("creates (201), lists and reads posts with their counts, category and public author fields only", async () => {
    const member = await createActor({ displayName: "Api Writer" });
    const created = await postsAction(args(await as(member.id, "/api/posts", jsonInit("POST", { title: "Via API", content: "Body", categoryId: await firstCategoryId() }))));
    expect(created.status).toBe(201);
    const post = await created.json();
    expect(post).toMatchObject({ title: "Via API", content: "Body", likesCount: 0, repliesCount: 0, isPinned: false, categoryId: await firstCategoryId() });
    expect(post.category).toMatchObject({ name: expect.any(String), colorClass: expect.any(String) });
    expect(post.author).toEqual({ id: member.id, firstName: "Test", lastName: "Member", displayName: "Api Writer", username: member.username, profileImageUrl: null, avatarUrl: null, role: "member" });
    expect(JSON.stringify(post)).not.toMatch(/email|password/i);

    const list = await postsLoader(args(await as(member.id, "/api/posts?limit=5")));
    const posts = await list.json();
    expect(Array.isArray(posts)).toBe(true);
    expect(posts.length).toBeLessThanOrEqual(5);
    expect(JSON.stringify(posts)).not.toMatch(/"email"|password/i);

    const one = await postLoader(args(await as(member.id, `/api/posts/${post.id}`), { id: String(post.id) }));
    expect((await one.json()).id).toBe(post.id);
  });

  it("pages with limit and before", async () => {
    const member = await createActor();
    for (let index = 0; index < 4; index += 1) await createTestPost(member, { title: `Keyset ${index}` });
    const first = await (await postsLoader(args(await as(member.id, "/api/posts?limit=2&q=Keyset")))).json();
    const next = await (await postsLoader(args(await as(member.id, `/api/posts?limit=2&q=Keyset&before=${first[1].id}`)))).json();
    expect(first.map((post: { title: string }) => post.title)).toEqual(["Keyset 3", "Keyset 2"]);
    expect(next.map((post: { title: string }) => post.title)).toEqual(["Keyset 1", "Keyset 0"]);
  });

  it("answers 400 on bad input, 404 on unknown posts, 403 when not allowed", async () => {
    const member = await createActor();
    const other = await createActor();
    const bad = await postsAction(args(await as(member.id, "/api/posts", jsonInit("POST", { title: "", content: "x" }))));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: "Title is required", errors: { title: ["Title is required"], categoryId: ["Please select a category"] } });
    expect((await postsAction(args(await as(member.id, "/api/posts", { method: "POST", body: "not json" })))).status).toBe(400);
    expect((await postsLoader(args(await as(member.id, "/api/posts?limit=0")))).status).toBe(400);
    expect((await postsLoader(args(await as(member.id, "/api/posts?limit=abc")))).status).toBe(400);
    expect((await postLoader(args(await as(member.id, "/api/posts/424242"), { id: "424242" }))).status).toBe(404);
    expect((await postLoader(args(await as(member.id, "/api/posts/x"), { id: "x" }))).status).toBe(404);

    const post = await createTestPost(member);
    const id = String(post.id);
    expect((await postAction(args(await as(other.id, `/api/posts/${id}`, jsonInit("PATCH", { isPinned: true })), { id }))).status).toBe(403);
    expect((await postAction(args(await as(other.id, `/api/posts/${id}`, jsonInit("PUT", { title: "t", content: "c", categoryId: await firstCategoryId() })), { id }))).status).toBe(403);
    expect((await postAction(args(await as(other.id, `/api/posts/${id}`, jsonInit("DELETE")), { id }))).status).toBe(403);
    const moderator = await createActor({ role: "moderator" });
    const pinned = await postAction(args(await as(moderator.id, `/api/posts/${id}`, jsonInit("PATCH", { isPinned: true })), { id }));
    expect((await pinned.json()).isPinned).toBe(true);
    expect((await postAction(args(await as(moderator.id, `/api/posts/${id}`, jsonInit("PATCH", { isPinned: "yes" })), { id }))).status).toBe(400);
    expect((await postAction(args(await as(member.id, `/api/posts/${id}`, jsonInit("DELETE")), { id }))).status).toBe(204);
  });

  it("likes and unlikes through POST and DELETE /api/posts/{id}/like", async () => {
    const author = await createActor();
    const fan = await createActor();
    const post = await createTestPost(author);
    const id = String(post.id);
    const liked = await likeAction(args(await as(fan.id, `/api/posts/${id}/like`, jsonInit("POST")), { id }));
    expect(await liked.json()).toEqual({ postId: post.id, liked: true, likesCount: 1 });
    const unliked = await likeAction(args(await as(fan.id, `/api/posts/${id}/like`, jsonInit("DELETE")), { id }));
    expect(await unliked.json()).toEqual({ postId: post.id, liked: false, likesCount: 0 });
    expect((await likeAction(args(await as(fan.id, `/api/posts/999999/like`, jsonInit("POST")), { id: "999999" }))).status).toBe(404);
    expect((await likeAction(args(await as(fan.id, `/api/posts/${id}/like`, jsonInit("PUT")), { id }))).status).toBe(405);
  });

  it("lists and creates replies, with parentReplyId; edits and deletes them", async () => {
    const author = await createActor();
    const other = await createActor();
    const post = await createTestPost(author);
    const id = String(post.id);
    const created = await repliesAction(args(await as(other.id, `/api/posts/${id}/replies`, jsonInit("POST", { content: "  hi  " })), { id }));
    expect(created.status).toBe(201);
    const reply = await created.json();
    expect(reply).toMatchObject({ content: "hi", postId: post.id, parentReplyId: null, author: { id: other.id, username: other.username } });
    const nested = await (await repliesAction(args(await as(author.id, `/api/posts/${id}/replies`, jsonInit("POST", { content: "yo", parentReplyId: reply.id })), { id }))).json();
    expect(nested.parentReplyId).toBe(reply.id);
    const list = await (await repliesLoader(args(await as(author.id, `/api/posts/${id}/replies`), { id }))).json();
    expect(list.map((item: { id: number }) => item.id)).toEqual([reply.id, nested.id]);
    expect(JSON.stringify(list)).not.toMatch(/email|password/i);
    const paged = await (await repliesLoader(args(await as(author.id, `/api/posts/${id}/replies?limit=1&after=${reply.id}`), { id }))).json();
    expect(paged.map((item: { id: number }) => item.id)).toEqual([nested.id]);
    expect((await repliesLoader(args(await as(author.id, `/api/posts/${id}/replies?limit=0`), { id }))).status).toBe(400);
    expect((await repliesAction(args(await as(other.id, `/api/posts/${id}/replies`, jsonInit("POST", { content: "   " })), { id }))).status).toBe(400);
    expect((await repliesAction(args(await as(other.id, `/api/posts/999999/replies`, jsonInit("POST", { content: "x" })), { id: "999999" }))).status).toBe(404);
    const replyParams = { id, replyId: String(reply.id) };
    expect((await replyAction(args(await as(author.id, "/x", jsonInit("PUT", { content: "hijack" })), replyParams))).status).toBe(403);
    expect((await (await replyAction(args(await as(other.id, "/x", jsonInit("PUT", { content: "edited" })), replyParams))).json()).content).toBe("edited");
    expect(await (await replyAction(args(await as(other.id, "/x", jsonInit("DELETE")), replyParams))).json()).toEqual({ deleted: 2 });
  });

  it("answers 429 with a clear message once a member posts too fast", async () => {
    const member = await createActor();
    const post = await createTestPost(member);
    const id = String(post.id);
    let last: Response | undefined;
    for (let index = 0; index < 10; index += 1) {
      last = await repliesAction(args(await as(member.id, `/api/posts/${id}/replies`, jsonInit("POST", { content: `r${index}` })), { id }));
    }
    expect(last?.status).toBe(429);
    expect((await last!.json()).message).toMatch(/^Too many posts and replies\. Please try again in \d+ (seconds?|minutes?)\.$/);
    expect(last!.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});

describe("/api/categories and /api/notifications", () => {
  it("lists categories", async () => {
    const member = await createActor();
    const categories = await (await categoriesLoader(args(await as(member.id, "/api/categories")))).json();
    expect(categories.length).toBeGreaterThan(0);
    expect(categories[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), colorClass: expect.any(String), iconClass: expect.any(String) });
  });

  it("counts unread notifications and new discussions; /discussions marks discussions seen; read-all clears", async () => {
    const reader = await createActor();
    await run(`UPDATE users SET joined_at = 0 WHERE id = ?`, reader.id);
    const author = await createActor();
    const post = await createTestPost(author);
    await createTestPost(reader);
    await repliesAction(args(await as(author.id, `/api/posts/${post.id}/replies`, jsonInit("POST", { content: "x" })), { id: String(post.id) }));
    const readerPost = await createTestPost(reader);
    await likeAction(args(await as(author.id, `/api/posts/${readerPost.id}/like`, jsonInit("POST")), { id: String(readerPost.id) }));
    const counts = async () => (await countsLoader(args(await as(reader.id, "/api/notifications/counts")))).json();
    const before = await counts();
    expect(before.unreadNotifications).toBe(1);
    expect(before.unreadDiscussions).toBeGreaterThanOrEqual(1);
    await discussionsLoader(args(await as(reader.id, "/discussions")));
    expect((await counts()).unreadDiscussions).toBe(0);
    const list = await (await notificationsLoader(args(await as(reader.id, "/api/notifications")))).json();
    expect(list[0]).toMatchObject({ kind: "like", isRead: false, link: `/post/${readerPost.id}` });
    expect(await (await readAllAction(args(await as(reader.id, "/api/notifications/read-all", jsonInit("POST"))))).json()).toEqual({ updated: 1 });
    expect((await counts()).unreadNotifications).toBe(0);
  });
});

describe("page actions", () => {
  const form = (fields: Record<string, string>): RequestInit => ({ method: "POST", body: new URLSearchParams(fields) });

  it("/discussions/new keeps the input and answers 400 with the 'Failed to create post' toast, then redirects with the success toast", async () => {
    const member = await createActor();
    const failed = (await createPageAction(args(await as(member.id, "/discussions/new", form({ title: "Kept title", content: "", categoryId: "" }))))) as unknown as {
      data: { result: { initialValue: Record<string, string>; error: Record<string, string[]> }; toast: { title: string; description: string } };
      init: { status: number };
    };
    expect(failed.init.status).toBe(400);
    expect(failed.data.toast).toMatchObject({ title: "Error", description: "Failed to create post. Please try again." });
    expect(failed.data.result.initialValue.title).toBe("Kept title");
    expect(failed.data.result.error.content).toEqual(["Content is required"]);
    const created = (await createPageAction(
      args(await as(member.id, "/discussions/new", form({ title: "Page post", content: "Body", categoryId: String(await firstCategoryId()) }))),
    )) as Response;
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/discussions");
    expect(created.headers.get("Set-Cookie")).toContain("quads_toast=");
  });

  it("keeps a reply's text and answers 429 when the member posts too fast", async () => {
    const member = await createActor();
    const post = await createTestPost(member);
    const id = String(post.id);
    for (let index = 0; index < 9; index += 1) {
      const response = (await postPageAction(args(await as(member.id, `/post/${id}`, form({ intent: "reply", content: `r${index}` })), { id }))) as Response;
      expect(response.status).toBe(302);
    }
    const limited = (await postPageAction(args(await as(member.id, `/post/${id}`, form({ intent: "reply", formId: "reply-form", content: "Do not lose me" })), { id }))) as unknown as {
      data: { intent: string; formId: string; result: { initialValue: { content: string }; error: { content: string[] } }; toast: { description: string } };
      init: { status: number };
    };
    expect(limited.init.status).toBe(429);
    expect(limited.data).toMatchObject({ intent: "reply", formId: "reply-form" });
    expect(limited.data.result.initialValue.content).toBe("Do not lose me");
    expect(limited.data.result.error.content[0]).toMatch(/^Too many posts and replies/);
  });

  it("likes without JavaScript by redirecting back, and with a fetcher by answering data", async () => {
    const author = await createActor();
    const fan = await createActor();
    const post = await createTestPost(author);
    const id = String(post.id);
    const redirected = (await postPageAction(args(await as(fan.id, `/post/${id}`, form({ intent: "like", postId: id })), { id }))) as Response;
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("Location")).toBe(`/post/${id}`);
    const fetched = (await postPageAction(args(await as(fan.id, `/post/${id}`, form({ intent: "unlike", postId: id, _fetcher: "1" })), { id }))) as unknown as {
      data: { likeResult: { liked: boolean; likesCount: number } };
    };
    expect(fetched.data.likeResult).toEqual({ postId: post.id, liked: false, likesCount: 0 });
  });

  it("answers 404 for an unknown post page", async () => {
    const member = await createActor();
    await expect(postPageLoader(args(await as(member.id, "/post/987654"), { id: "987654" }))).rejects.toMatchObject({ status: 404 });
    await expect(postPageLoader(args(await as(member.id, "/post/abc"), { id: "abc" }))).rejects.toMatchObject({ status: 404 });
  });
});
