import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { describe } from "vitest";
import type { AppDatabase } from "./db.server";
import { dialectHelperTests } from "./sql-dialect.shared-tests";

describe("dialect helpers on SQLite", () => {
  const db = drizzle(new Database(":memory:")) as unknown as AppDatabase;
  dialectHelperTests(() => db, "sqlite");
});
