import { describe, expect, it, vi } from "vitest";
import { engine } from "~/utils/db.server";
import { listRelatedPosts, listSimilarPosts, relatedTermsOf } from "./related.server";
import { createActor, createTestPost, firstCategoryId, scalar } from "./test-helpers";
import { run, writeFromAnotherProcess } from "~/test/db";

describe("related discussions", () => {
  it("picks the meaningful words, title first", () => {
    expect(relatedTermsOf("How do I tune a Guitar?", "Tuning the guitar strings, tuning pegs")).toEqual(["tune", "guitar", "tuning", "strings", "pegs"]);
    expect(relatedTermsOf("a an it", "")).toEqual([]);
    expect(relatedTermsOf('Say "hi" there', "")).toEqual(["say"]);
  });

  it("ranks other posts by relevance (BM25), at most 5, never the post itself", async () => {
    const author = await createActor();
    const other = await createActor();
    const base = await createTestPost(author, { title: "Zythophile brewing kettles", content: "Zythophile kettles for brewing at home." });
    const best = await createTestPost(other, { title: "Zythophile kettles compared", content: "Which brewing kettles do zythophile brewers use?" });
    const weaker = await createTestPost(other, { title: "A note about kettles", content: "Nothing else." });
    await createTestPost(other, { title: "Unrelated gardening", content: "Tomatoes." });
    for (let index = 0; index < 5; index += 1) await createTestPost(author, { title: `Kettles ${index}`, content: "kettles" });
    const related = await listRelatedPosts({ post: base, viewerId: author.id });
    expect(related.length).toBe(5);
    expect(related[0].id).toBe(best.id);
    expect(related.map((post) => post.id)).not.toContain(base.id);
    expect(related.map((post) => post.title)).not.toContain("Unrelated gardening");
    const similar = (await listSimilarPosts({ title: "zythophile kettles?", viewerId: author.id })).map((post) => post.id);
    expect(similar.slice(0, 2).sort()).toEqual([base.id, best.id].sort());
    expect(weaker.id).toBeGreaterThan(0);
  });

  // Another process: on SQLite a second connection to the file, on PostgreSQL another client (whose
  // commit notifies the write version as every Quads process's does: this one learns of it a moment later).
  it("ranks a post written by another process (another connection to the same database) at once", async () => {
    const author = await createActor();
    const other = await createActor();
    const base = await createTestPost(author, { title: "Quorvex marmidons for the garden", content: "Growing quorvex marmidons in the garden shed." });
    for (let index = 0; index < 6; index += 1) await createTestPost(other, { title: `Garden notes ${index}`, content: "The garden shed again." });
    // This process ranks the post once: the word counts and the list are kept.
    expect((await listRelatedPosts({ post: base, viewerId: author.id })).map((post) => post.title)).not.toContain("Quorvex marmidons compared");
    // Another process (another worker, another box) writes a post sharing the two rare words.
    const categoryId = await firstCategoryId();
    const insertPost = "INSERT INTO posts (title, content, author_id, category_id) VALUES (?, ?, ?, ?)";
    await writeFromAnotherProcess(insertPost, "Quorvex marmidons compared", "Which quorvex marmidons grow best?", other.id, categoryId);
    const match = await scalar("SELECT id FROM posts WHERE title = 'Quorvex marmidons compared'");
    for (let index = 0; index < 3; index += 1) await writeFromAnotherProcess(insertPost, `More garden notes ${index}`, "The garden shed, once more.", other.id, categoryId);
    const rankedFirst = async () => expect((await listRelatedPosts({ post: base, viewerId: author.id }))[0]?.id).toBe(Number(match));
    // SQLite's write version is the file's: at once. PostgreSQL's follows the other client's notification.
    if (engine === "sqlite") await rankedFirst();
    else await vi.waitFor(rankedFirst, { timeout: 5_000 });
    expect((await listSimilarPosts({ title: "quorvex marmidons", viewerId: author.id })).map((post) => post.id)).toContain(Number(match));
  });

  it("moves the posts' text version in the writing transaction: a post written, edited or deleted, not a count changed", async () => {
    const author = await createActor();
    const version = () => scalar("SELECT version FROM posts_text_version WHERE id = 1");
    const before = await version();
    const post = await createTestPost(author, { title: "Versioned words" });
    expect(await version()).toBe(before + 1);
    await run("UPDATE posts SET likes_count = likes_count + 1, replies_count = replies_count + 1 WHERE id = ?", post.id);
    expect(await version()).toBe(before + 1);
    await run("UPDATE posts SET content = 'Edited words' WHERE id = ?", post.id);
    expect(await version()).toBe(before + 2);
    await run("DELETE FROM posts WHERE id = ?", post.id);
    expect(await version()).toBe(before + 3);
  });
});
