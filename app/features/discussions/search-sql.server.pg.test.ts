import { drizzle } from "drizzle-orm/node-postgres";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "~/test/postgres";
import type { AppDatabase } from "~/utils/db.server";
import { schema } from "~/utils/db.server";
import { applyPostgresMigrations } from "~/utils/postgres-migrations.server";
import { queryRows } from "~/utils/sql-dialect.server";
import { COMMON_WORD_POSTS, containsPattern, countPostsWithTerm, estimatedCommonWordPosts, matchesSearch, newestIdsWithAnyTerm, newestMatchIds, postMatches, postsByPinnedIndex, postsMatching, searchTermOf, toContainsPattern } from "./search-sql.server";

describe("the discussions' search SQL on PostgreSQL (the twins in search-sql.server.ts)", () => {
  let pool: pg.Pool;
  let db: AppDatabase;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await createTestDatabase() });
    const client = await pool.connect();
    try {
      await applyPostgresMigrations(client);
    } finally {
      client.release();
    }
    db = drizzle(pool) as unknown as AppDatabase;
    await pool.query(`INSERT INTO users (id, email, password, first_name, last_name, display_name, username) VALUES ('u1', 'u1@example.com', 'x', 'A', 'B', 'A B', 'ab')`);
    const category = await pool.query(`INSERT INTO categories (name, color_class, icon_class) VALUES ('General', 'c', 'i') RETURNING id`);
    for (const [key, title, content] of [
      ["guitar", "Tuning a Guitar", "Pegs and strings."],
      ["guitars", "Guitars compared", "Which one?"],
      ["percent", "100% sure", "A literal percent sign."],
      ["other", "Gardening", "Tomatoes and a GUITAR case."],
    ]) {
      const row = await pool.query(`INSERT INTO posts (title, content, author_id, category_id) VALUES ($1, $2, 'u1', $3) RETURNING id`, [title, content, category.rows[0].id]);
      ids[key] = Number(row.rows[0].id);
    }
  });
  afterAll(() => pool.end());

  it("finds posts containing a text, any case, newest first (ILIKE on the trigram index)", async () => {
    expect(await newestMatchIds(db, searchTermOf(db, "guitar"), 10)).toEqual([ids.other, ids.guitars, ids.guitar]);
    expect(await newestMatchIds(db, searchTermOf(db, "guitar"), 2)).toEqual([ids.other, ids.guitars]);
    expect(await newestMatchIds(db, searchTermOf(db, "0%"), 10)).toEqual([ids.percent]);
    expect(await newestMatchIds(db, searchTermOf(db, "_"), 10)).toEqual([]);
    expect(await postMatches(db, ids.guitar, searchTermOf(db, "TUNING"))).toBe(true);
    expect(await postMatches(db, ids.other, searchTermOf(db, "tuning"))).toBe(false);
    expect(await postsMatching(db, [ids.guitar, ids.percent, ids.other], searchTermOf(db, "guitar"))).toEqual([ids.guitar, ids.other]);
    expect(await postsMatching(db, [], searchTermOf(db, "guitar"))).toEqual([]);
  });

  it("gives the list query its fragments: contains, the short pattern, the posts table", async () => {
    const { posts } = schema;
    const listed = async (condition: ReturnType<typeof matchesSearch>) =>
      (await queryRows<{ id: number }>(db, sql`SELECT ${posts.id} AS "id" FROM ${postsByPinnedIndex(db)} WHERE ${condition} ORDER BY ${posts.id}`)).map((row) => Number(row.id));
    expect(await listed(matchesSearch(db, searchTermOf(db, "compared")))).toEqual([ids.guitars]);
    expect(await listed(containsPattern(db, toContainsPattern("%")))).toEqual([ids.percent]);
  });

  it("counts the related discussions' words by prefix (posts_search_document) and picks their candidates by substring, any case (as FTS5's trigrams)", async () => {
    expect(await countPostsWithTerm(db, "guitar")).toBe(3);
    expect(await countPostsWithTerm(db, "tomatoes")).toBe(1);
    expect(await countPostsWithTerm(db, "it's")).toBe(0);
    expect(await newestIdsWithAnyTerm(db, ["pegs", "tomatoes"], 10)).toEqual([ids.other, ids.guitar]);
    expect(await newestIdsWithAnyTerm(db, ["uitar"], 2)).toEqual([ids.other, ids.guitars]);
    expect(await newestIdsWithAnyTerm(db, ["0%", "nothing"], 10)).toEqual([ids.percent]);
    expect(await newestIdsWithAnyTerm(db, [], 10)).toEqual([]);
  });

  it("takes a common word's count from PostgreSQL's statistics (no visit of its posts), counts a rarer one", async () => {
    const category = await pool.query(`SELECT id FROM categories LIMIT 1`);
    const insertLanterns = (count: number, from: number) =>
      pool.query(`INSERT INTO posts (title, content, author_id, category_id) SELECT 'Lantern night ' || n, 'Paper and candles.', 'u1', $1 FROM generate_series($2::int, $3::int) AS n`, [category.rows[0].id, from, from + count - 1]);
    await insertLanterns(COMMON_WORD_POSTS + 200, 1);
    await pool.query("ANALYZE posts");
    // Written after the statistics: an exact count would see them, the estimate does not.
    await insertLanterns(50, COMMON_WORD_POSTS + 201);
    // A handle of its own: a process keeps the statistics it read (none, before this ANALYZE) for minutes.
    const analyzed = drizzle(pool) as unknown as AppDatabase;
    const estimated = await countPostsWithTerm(analyzed, "lantern");
    expect(estimated).toBeGreaterThanOrEqual(COMMON_WORD_POSTS + 190);
    expect(estimated).toBeLessThanOrEqual(COMMON_WORD_POSTS + 210);
    expect(await estimatedCommonWordPosts(analyzed, "lant")).toBe(estimated);
    // Words the statistics do not call common are counted.
    expect(await estimatedCommonWordPosts(analyzed, "guitar")).toBeUndefined();
    expect(await countPostsWithTerm(analyzed, "guitar")).toBe(3);
    expect(await countPostsWithTerm(analyzed, "paperweight")).toBe(0);
  });
});
