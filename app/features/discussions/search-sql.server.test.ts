import { describe, expect, it } from "vitest";
import { readDb, schema, write } from "~/utils/db.server";
import { countPostsWithTerm, newestIdsWithAnyTerm, newestMatchIds, postMatches, postsMatching, searchTermOf } from "./search-sql.server";
import { createActor, firstCategoryId } from "./test-helpers";

describe("the discussions' search SQL (search-sql.server.ts)", () => {
  it("answers on a unit's transaction (its own uncommitted posts included) and on the read connection", async () => {
    const author = await createActor();
    const categoryId = await firstCategoryId();
    const postId = await write(async (tx) => {
      const [inserted] = await tx
        .insert(schema.posts)
        .values({ title: "Xylquard lanterns", content: "About xylquard lanterns.", authorId: author.id, categoryId })
        .returning({ id: schema.posts.id });
      const term = searchTermOf(tx, "xylquard");
      expect(await newestMatchIds(tx, term, 10)).toEqual([inserted.id]);
      expect(await postMatches(tx, inserted.id, term)).toBe(true);
      expect(await countPostsWithTerm(tx, "lanterns")).toBeGreaterThanOrEqual(1);
      return inserted.id;
    });
    expect(await newestMatchIds(readDb(), searchTermOf(readDb(), "xylquard"), 10)).toEqual([postId]);
    expect(await newestIdsWithAnyTerm(readDb(), ["nothingmatchesthis", "xylquard"], 10)).toEqual([postId]);
    expect(await newestIdsWithAnyTerm(readDb(), [], 10)).toEqual([]);
    expect(await postMatches(readDb(), postId, searchTermOf(readDb(), "nope nope"))).toBe(false);
    expect(await newestIdsWithAnyTerm(readDb(), ["quar"], 10)).toEqual([postId]); // a substring of a word, any case (trigrams)
    expect(await postsMatching(readDb(), [postId + 1_000_000, postId], searchTermOf(readDb(), "XYLQUARD"))).toEqual([postId]);
  });
});
