import { describe, expect, it } from "vitest";
import { loadRecentDiscussions } from "./dashboard.server";
import { createActor, createTestPost } from "./test-helpers";

describe("loadRecentDiscussions", () => {
  it("returns the first 3 posts of the list with 200-character excerpts", async () => {
    const author = await createActor({ displayName: "Dash" });
    for (let index = 0; index < 4; index += 1) await createTestPost(author, { title: `Dash ${index}`, content: `${"x".repeat(250)} ${index}` });
    const { posts } = await loadRecentDiscussions(author.id);
    expect(posts).toHaveLength(3);
    expect(posts.map((post) => post.title)).toEqual(["Dash 3", "Dash 2", "Dash 1"]);
    expect(posts[0].excerpt).toBe(`${"x".repeat(200)}...`);
    expect(posts[0]).toMatchObject({ likesCount: 0, repliesCount: 0, authorName: "Dash", category: { name: expect.any(String), colorClass: expect.any(String) } });
  });
});
