import { describe, expect, it } from "vitest";
import { createMember } from "~/test/factories";
import { getDb } from "~/utils/db.server";
import { suggestMembers } from "./suggest.server";

describe("suggestMembers", () => {
  it("matches the start of usernames and display names, case-insensitively, at most 8, usernames first", async () => {
    const zed = await createMember({ displayName: "Zed Suggest" });
    const other = await createMember({ displayName: "Someone", username: "zed_fan" });
    for (let index = 0; index < 9; index += 1) await createMember({ displayName: `Zedd ${index}` });
    const found = suggestMembers("@ZED");
    expect(found).toHaveLength(8);
    expect(found[0]).toEqual({ id: other.id, username: "zed_fan", displayName: "Someone" });
    expect(found.map((member) => member.id)).toContain(zed.id);
    expect(suggestMembers("zed su")).toEqual([{ id: zed.id, username: zed.username, displayName: "Zed Suggest" }]);
    expect(suggestMembers("")).toEqual([]);
    expect(suggestMembers("%")).toEqual([]);
    expect(suggestMembers(undefined)).toEqual([]);
  });

  it("reads the indexes, not the whole table", () => {
    const sqlite = getDb().$client;
    const plans = [
      sqlite.prepare(`EXPLAIN QUERY PLAN SELECT id FROM users WHERE username >= 'a' AND username < 'b' ORDER BY username LIMIT 8`).all(),
      sqlite
        .prepare(`EXPLAIN QUERY PLAN SELECT id FROM users WHERE display_name >= 'a' COLLATE NOCASE AND display_name < 'b' COLLATE NOCASE ORDER BY display_name COLLATE NOCASE LIMIT 16`)
        .all(),
    ].map((rows) => JSON.stringify(rows));
    expect(plans[0]).toContain("users_username_unique");
    expect(plans[1]).toContain("users_display_name_nocase_idx");
  });
});
