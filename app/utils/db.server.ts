/**
 * The one SQLite connection of this process: WAL mode, foreign keys on, a busy timeout,
 * and the migrations under db/migrations applied at start.
 */
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import path from "node:path";
import * as schema from "../../db/schema";
import { getEnv } from "./env.server";

export type AppDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const migrationsFolder = path.resolve(process.cwd(), "db/migrations");

/** Opens a database file, applies the pragmas and every pending migration. */
export function openDatabase(filePath: string): AppDatabase {
  const sqlite = new Database(filePath);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const database = drizzle(sqlite, { schema });
  migrate(database, { migrationsFolder });
  return database as AppDatabase;
}

let database: AppDatabase | undefined;

/** The process-wide database, opened (and migrated) on first use. */
export function getDb(): AppDatabase {
  database ??= openDatabase(getEnv().databasePath);
  return database;
}

/** For tests: point the process at another database file. */
export function setDbForTesting(next: AppDatabase | undefined) {
  database = next;
}

/** Runs `work` in an IMMEDIATE transaction, so concurrent writers queue instead of failing mid-way. */
export function transaction<T>(work: (tx: AppDatabase) => T): T {
  const db = getDb();
  return db.$client.transaction(() => work(db)).immediate();
}

export { schema };
