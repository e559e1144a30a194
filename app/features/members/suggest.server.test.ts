import { describe, expect, it } from "vitest";
import { createMember } from "~/test/factories";
import { engine, sqliteWriterForTesting, schema, write } from "~/utils/db.server";
import { eq, Placeholder } from "drizzle-orm";
import { displayNameRangeQuery, suggestMembers } from "./suggest.server";

describe("suggestMembers", () => {
  it("matches the start of usernames and display names, case-insensitively, at most 8, usernames first", async () => {
    const zed = await createMember({ displayName: "Zed Suggest" });
    const other = await createMember({ displayName: "Someone", username: "zed_fan" });
    for (let index = 0; index < 9; index += 1) await createMember({ displayName: `Zedd ${index}` });
    const found = await suggestMembers("@ZED");
    expect(found).toHaveLength(8);
    expect(found[0]).toEqual({ id: other.id, username: "zed_fan", displayName: "Someone" });
    expect(found.map((member) => member.id)).toContain(zed.id);
    expect(await suggestMembers("zed su")).toEqual([{ id: zed.id, username: zed.username, displayName: "Zed Suggest" }]);
    expect(await suggestMembers("")).toEqual([]);
    expect(await suggestMembers("%")).toEqual([]);
    expect(await suggestMembers(undefined)).toEqual([]);
  });

  it("leaves out a member while suspended, and suggests them again once the suspension has ended", async () => {
    const member = await createMember({ displayName: "Quillon Back", username: "quillon_back" });
    const setSuspendedUntil = async (until: Date | null) => await write((tx) => tx.update(schema.users).set({ suspendedUntil: until }).where(eq(schema.users.id, member.id)));
    await setSuspendedUntil(new Date(Date.now() + 60_000));
    expect(await suggestMembers("quillon")).toEqual([]);
    expect(await suggestMembers("Quillon B")).toEqual([]);
    // A 1-day suspension that ended: the column still holds its end, in the past.
    await setSuspendedUntil(new Date(Date.now() - 1_000));
    const expected = [{ id: member.id, username: "quillon_back", displayName: "Quillon Back" }];
    expect(await suggestMembers("quillon")).toEqual(expected);
    expect(await suggestMembers("Quillon B")).toEqual(expected);
  });

  // SQLite's query plans (EXPLAIN QUERY PLAN) and its COLLATE NOCASE index.
  it.skipIf(engine === "postgres")("reads the indexes, not the whole table", () => {
    const sqlite = sqliteWriterForTesting().$client;
    const byUsername = sqlite.prepare(`EXPLAIN QUERY PLAN SELECT id FROM users WHERE username >= 'a' AND username < 'b' ORDER BY username LIMIT 8`).all();
    expect(JSON.stringify(byUsername)).toContain("users_username_unique");
    // The display-name query as the feature builds it (caseless ranges), its placeholders bound.
    const values: Record<string, unknown> = { from: "a", to: "b", now: Date.now(), limit: 16 };
    const built = displayNameRangeQuery(sqliteWriterForTesting()).toSQL();
    const params = built.params.map((param) => (param instanceof Placeholder ? values[param.name as string] : param));
    const byDisplayName = sqlite.prepare(`EXPLAIN QUERY PLAN ${built.sql}`).all(...params);
    expect(built.sql).toContain("COLLATE NOCASE");
    expect(JSON.stringify(byDisplayName)).toContain("users_display_name_nocase_idx");
    expect(JSON.stringify(byDisplayName)).not.toMatch(/"SCAN users"/);
  });
});
