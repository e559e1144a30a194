/** The header's counts on PostgreSQL (its capped subquery needs an alias there). */
import { afterAll, describe, expect, it } from "vitest";
import { insertPgMember, startAppOnPostgres } from "~/test/postgres-app";

const db = await startAppOnPostgres();
const { getNotificationCounts } = await import("./notifications.server");

describe("getNotificationCounts on PostgreSQL", () => {
  afterAll(() => db.closeDb());

  it("counts others' posts since joining and unread notifications", async () => {
    const readerId = await insertPgMember({ joinedAt: new Date(1_000) });
    const authorId = await insertPgMember();
    const [category] = await db.readDb().select({ id: db.schema.categories.id }).from(db.schema.categories).limit(1);
    await db.write((tx) => tx.insert(db.schema.posts).values({ title: "New", content: "c", authorId, categoryId: category.id, createdAt: new Date(2_000) }));
    expect(await getNotificationCounts(readerId)).toEqual({ unreadDiscussions: 1, unreadNotifications: 0 });
  });
});
