import { describe, expect, it } from "vitest";
import { extractMentions, renderMarkdown } from "~/features/content/markdown.server";
import { updatePost } from "./posts.server";
import { createReply, updateReply } from "./replies.server";
import { MENTIONS_NOTIFIED_MAX } from "./mentions.server";
import { createActor, createTestPost, firstCategoryId, scalar } from "./test-helpers";

const mentionCount = (userId: string) => scalar(`SELECT count(*) FROM notifications WHERE user_id = ? AND kind = 'mention'`, userId);

describe("@mention parsing", () => {
  it("links @username to the profile, but never in code or links, nor in e-mail addresses", () => {
    const source = "Hi @Ada_L, see `@in_code` and [@in_link](https://example.com) or https://example.com/@in_url; mail ada@example.com\n\n    @in_block\n";
    const html = renderMarkdown(source);
    expect(html).toContain('<a href="/u/ada_l" class="mention" rel="nofollow ugc noopener">@ada_l</a>');
    expect(html).toContain("<code>@in_code</code>");
    expect(html).not.toContain("/u/in_link");
    expect(html).not.toContain("/u/in_url");
    expect(html).not.toContain("/u/example");
    expect(html).not.toContain("/u/in_block");
    expect(extractMentions(source)).toEqual(["ada_l"]);
  });

  it("lists each username once, in order, and ignores too short or too long names", () => {
    expect(extractMentions("@bob @alice @bob @ab @this_is_far_too_long_a_name **@carol**")).toEqual(["bob", "alice", "carol"]);
  });
});

describe("mention notifications", () => {
  it("notifies the mentioned member once per post, never the author, not again on edit", async () => {
    const author = await createActor({ displayName: "Mention Author" });
    const mentioned = await createActor({ displayName: "Mention Target" });
    const post = await createTestPost(author, { content: `Hello @${mentioned.username} and @${author.username}, and @${mentioned.username} again` });
    expect(await mentionCount(mentioned.id)).toBe(1);
    expect(await mentionCount(author.id)).toBe(0);
    const message = await scalar<string>(`SELECT message FROM notifications WHERE user_id = ? AND kind = 'mention'`, mentioned.id);
    expect(message).toBe('Mention Author mentioned you in "A test post"');
    await updatePost({ actor: author, postId: post.id, input: { title: "A test post", content: `Edited, still @${mentioned.username}`, categoryId: await firstCategoryId() } });
    expect(await mentionCount(mentioned.id)).toBe(1);
  });

  it("notifies at most ten members per post or reply", async () => {
    const author = await createActor();
    const members = await Promise.all(Array.from({ length: MENTIONS_NOTIFIED_MAX + 2 }, (_, index) => createActor({ displayName: `Crowd ${index}` })));
    const post = await createTestPost(author, { content: members.map((member) => `@${member.username}`).join(" ") });
    const told = await Promise.all(members.map((member) => mentionCount(member.id)));
    expect(told.slice(0, MENTIONS_NOTIFIED_MAX)).toEqual(Array(MENTIONS_NOTIFIED_MAX).fill(1));
    expect(told.slice(MENTIONS_NOTIFIED_MAX)).toEqual([0, 0]);
    expect(post.content).toContain("@");
  });

  it("in a reply: tells a newly mentioned member on edit, and the post's author only once", async () => {
    const author = await createActor();
    const replier = await createActor();
    const later = await createActor();
    const post = await createTestPost(author);
    const reply = await createReply({ actor: replier, postId: post.id, input: { content: `@${author.username} look` } });
    expect(await mentionCount(author.id)).toBe(0);
    expect(await scalar(`SELECT count(*) FROM notifications WHERE user_id = ? AND kind = 'reply'`, author.id)).toBe(1);
    await updateReply({ actor: replier, postId: post.id, replyId: reply.id, input: { content: `@${author.username} and @${later.username}` } });
    await updateReply({ actor: replier, postId: post.id, replyId: reply.id, input: { content: `@${later.username}!` } });
    expect(await mentionCount(later.id)).toBe(1);
    expect(await scalar<string>(`SELECT link FROM notifications WHERE user_id = ? AND kind = 'mention'`, later.id)).toBe(`/post/${post.id}#reply-${reply.id}`);
  });
});

describe("quotes", () => {
  it("pre-fills the reply form with a quote of the post or a reply, and quoted mentions notify nobody", async () => {
    const { loadPostPage } = await import("./post-page.server");
    const author = await createActor();
    const replier = await createActor();
    const bystander = await createActor();
    const post = await createTestPost(author, { content: "Line one\n\nLine two" });
    const reply = await createReply({ actor: replier, postId: post.id, input: { content: `Thanks @${bystander.username}` } });
    expect((await loadPostPage(post.id, author, { quote: "post" }))?.quote).toBe(`> [@${author.username} wrote](/post/${post.id}):\n> Line one\n>\n> Line two\n\n`);
    const quote = (await loadPostPage(post.id, author, { quote: String(reply.id) }))?.quote ?? "";
    expect(quote).toBe(`> [@${replier.username} wrote](/post/${post.id}#reply-${reply.id}):\n> Thanks @${bystander.username}\n\n`);
    expect((await loadPostPage(post.id, author, { quote: "999999" }))?.quote).toBeNull();
    expect((await loadPostPage(post.id, author, { quote: "<script>" }))?.quote).toBeNull();
    const before = await mentionCount(bystander.id);
    await createReply({ actor: author, postId: post.id, input: { content: `${quote}Agreed.` } });
    expect(await mentionCount(bystander.id)).toBe(before);
  });
});
