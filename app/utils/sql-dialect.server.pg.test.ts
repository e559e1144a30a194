import { sql } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "~/test/postgres";
import type { AppDatabase } from "./db.server";
import { inJsonIds } from "./sql-dialect.server";
import { dialectHelperTests } from "./sql-dialect.shared-tests";

describe("dialect helpers on PostgreSQL", () => {
  let pool: pg.Pool;
  let db: AppDatabase;
  let handle: NodePgDatabase;
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await createTestDatabase() });
    handle = drizzle(pool);
    db = handle as unknown as AppDatabase;
  });
  afterAll(() => pool.end());
  dialectHelperTests(() => db, "postgres");

  it("inJsonIds reads a filtered table's index for a few ids, not the whole table (docs/scaling.md)", async () => {
    // A table like meeting_attendees: many rows, most of them passing the filter, an index on the id.
    await pool.query("create table attendance (user_id text not null, attended boolean not null)");
    await pool.query("insert into attendance select 'member-' || (n % 5000), n % 10 <> 0 from generate_series(1, 40000) as n");
    await pool.query("create index attendance_user_idx on attendance (user_id)");
    await pool.query("analyze attendance");
    const ids = JSON.stringify(Array.from({ length: 12 }, (_, index) => `member-${index * 7}`));
    const where = sql`attended = true and ${inJsonIds(db, sql.raw("user_id"), ids, "text")}`;
    const explained = await handle.execute<{ "QUERY PLAN": unknown }>(sql`explain (format json) select user_id from attendance where ${where}`);
    const plan = JSON.stringify(explained.rows[0]["QUERY PLAN"]);
    expect(plan).toContain("attendance_user_idx");
    expect(plan).not.toContain("Seq Scan");
    const counted = await handle.execute<{ count: number }>(sql`select count(*)::int as count from attendance where ${where}`);
    // 8 rows per id; member-0 and member-70 never attended (their rows are the 10th ones).
    expect(counted.rows[0].count).toBe(10 * 8);
  });
});
