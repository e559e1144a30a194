/** The discussions list on PostgreSQL: pinned posts first (the boolean literal of booleanLiteral, decision 0104). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertPgMember, startAppOnPostgres } from "~/test/postgres-app";

const db = await startAppOnPostgres();
const { listPosts } = await import("./posts.server");

describe("listPosts on PostgreSQL", () => {
  let authorId = "";
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    authorId = await insertPgMember();
    const [category] = await db.readDb().select({ id: db.schema.categories.id }).from(db.schema.categories).limit(1);
    for (const [key, isPinned, createdAt] of [["old", false, 1_000], ["pinned", true, 500], ["new", false, 2_000]] as const) {
      const [row] = await db.write((tx) =>
        tx.insert(db.schema.posts).values({ title: key, content: `${key} content`, authorId, categoryId: category.id, isPinned, createdAt: new Date(createdAt) }).returning({ id: db.schema.posts.id }),
      );
      ids[key] = row.id;
    }
  });
  afterAll(() => db.closeDb());

  it("lists pinned posts first, then the newest", async () => {
    const { posts, hasMore } = await listPosts({ viewerId: authorId });
    expect(posts.map((post) => post.id)).toEqual([ids.pinned, ids.new, ids.old]);
    expect(hasMore).toBe(false);
    expect((await listPosts({ viewerId: authorId, limit: 1, offset: 1 })).posts.map((post) => post.id)).toEqual([ids.new]);
    expect((await listPosts({ viewerId: authorId, search: "content" })).posts.map((post) => post.id)).toEqual([ids.pinned, ids.new, ids.old]);
  });
});
