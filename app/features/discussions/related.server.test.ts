import { describe, expect, it } from "vitest";
import { listRelatedPosts, listSimilarPosts, relatedQueryOf } from "./related.server";
import { createActor, createTestPost } from "./test-helpers";

describe("related discussions", () => {
  it("builds an FTS5 query of the meaningful words, title first", () => {
    expect(relatedQueryOf("How do I tune a Guitar?", "Tuning the guitar strings, tuning pegs")).toBe('"tune" OR "guitar" OR "tuning" OR "strings" OR "pegs"');
    expect(relatedQueryOf("a an it", "")).toBeNull();
    expect(relatedQueryOf('Say "hi" there', "")).toBe('"say"');
  });

  it("ranks other posts by relevance (BM25), at most 5, never the post itself", async () => {
    const author = await createActor();
    const other = await createActor();
    const base = createTestPost(author, { title: "Zythophile brewing kettles", content: "Zythophile kettles for brewing at home." });
    const best = createTestPost(other, { title: "Zythophile kettles compared", content: "Which brewing kettles do zythophile brewers use?" });
    const weaker = createTestPost(other, { title: "A note about kettles", content: "Nothing else." });
    createTestPost(other, { title: "Unrelated gardening", content: "Tomatoes." });
    for (let index = 0; index < 5; index += 1) createTestPost(author, { title: `Kettles ${index}`, content: "kettles" });
    const related = listRelatedPosts({ post: base, viewerId: author.id });
    expect(related.length).toBe(5);
    expect(related[0].id).toBe(best.id);
    expect(related.map((post) => post.id)).not.toContain(base.id);
    expect(related.map((post) => post.title)).not.toContain("Unrelated gardening");
    const similar = listSimilarPosts({ title: "zythophile kettles?", viewerId: author.id }).map((post) => post.id);
    expect(similar.slice(0, 2).sort()).toEqual([base.id, best.id].sort());
    expect(weaker.id).toBeGreaterThan(0);
  });
});
