import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import { createTestDatabase } from "~/test/postgres";
import type { AppDatabase } from "./db.server";
import { dialectHelperTests } from "./sql-dialect.shared-tests";

describe("dialect helpers on PostgreSQL", () => {
  let pool: pg.Pool;
  let db: AppDatabase;
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await createTestDatabase() });
    db = drizzle(pool) as unknown as AppDatabase;
  });
  afterAll(() => pool.end());
  dialectHelperTests(() => db, "postgres");
});
