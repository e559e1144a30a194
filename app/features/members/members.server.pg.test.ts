/** The members directory on PostgreSQL: the search reads interests (jsonb) as text (jsonText, app/utils/sql-dialect.server.ts). */
import { afterAll, describe, expect, it } from "vitest";
import { insertPgMember, startAppOnPostgres } from "~/test/postgres-app";

const db = await startAppOnPostgres();
const { listMembers } = await import("./members.server");

describe("listMembers on PostgreSQL", () => {
  afterAll(() => db.closeDb());

  it("finds members by an interest and by name, any case", async () => {
    const fan = await insertPgMember({ interests: ["Reinforcement Learning", "Go"] });
    const other = await insertPgMember({ firstName: "Grace", interests: [] });
    expect((await listMembers({ q: "reinforcement" })).members.map((member) => member.id)).toEqual([fan]);
    const byName = await listMembers({ q: "GRACE" });
    expect(byName.members.map((member) => member.id)).toEqual([other]);
    expect(byName.total).toBe(1);
  });
});
