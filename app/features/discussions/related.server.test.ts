import { describe, expect, it } from "vitest";
import { engine, sqliteWriterForTesting, openDatabase, setDbForTesting } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { listRelatedPosts, listSimilarPosts, relatedTermsOf } from "./related.server";
import { createActor, createTestPost, scalar } from "./test-helpers";
import { run } from "~/test/db";

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

  // Another process is a second SQLite connection to the file (setDbForTesting); on PostgreSQL the write version follows other processes' commits (db.server.pg.test.ts).
  it.skipIf(engine === "postgres")("ranks a post written by another process (a second connection to the same file) at once", async () => {
    const author = await createActor();
    const other = await createActor();
    const thisProcess = sqliteWriterForTesting();
    const base = await createTestPost(author, { title: "Quorvex marmidons for the garden", content: "Growing quorvex marmidons in the garden shed." });
    for (let index = 0; index < 6; index += 1) await createTestPost(other, { title: `Garden notes ${index}`, content: "The garden shed again." });
    // This process ranks the post once: the word counts and the list are kept.
    expect((await listRelatedPosts({ post: base, viewerId: author.id })).map((post) => post.title)).not.toContain("Quorvex marmidons compared");
    // Another process (another worker, another box) writes a post sharing the two rare words.
    const otherProcess = openDatabase(getEnv().databasePath);
    try {
      setDbForTesting(otherProcess);
      const match = await createTestPost(other, { title: "Quorvex marmidons compared", content: "Which quorvex marmidons grow best?" });
      for (let index = 0; index < 3; index += 1) await createTestPost(other, { title: `More garden notes ${index}`, content: "The garden shed, once more." });
      setDbForTesting(thisProcess);
      expect((await listRelatedPosts({ post: base, viewerId: author.id }))[0]?.id).toBe(match.id);
      expect((await listSimilarPosts({ title: "quorvex marmidons", viewerId: author.id })).map((post) => post.id)).toContain(match.id);
    } finally {
      setDbForTesting(thisProcess);
      otherProcess.$client.close();
    }
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
