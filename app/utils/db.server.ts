/**
 * The one SQLite connection of this process: WAL mode, foreign keys on, a busy timeout,
 * and the migrations under db/migrations applied at start.
 *
 * Several processes (the cluster's primary and its workers, `npm run badges:recompute`, a test)
 * may open the same file: the migrations run inside one IMMEDIATE transaction that re-reads the
 * applied list after taking the write lock, so two processes migrating at once apply each
 * migration exactly once, and a process that finds nothing pending writes nothing (decision 0061).
 */
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { readMigrationFiles } from "drizzle-orm/migrator";
import path from "node:path";
import * as schema from "../../db/schema";
import { getEnv } from "./env.server";

export type AppDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const migrationsFolder = path.resolve(process.cwd(), "db/migrations");
const MIGRATIONS_TABLE = "__drizzle_migrations";

/** Opens a database file, applies the pragmas and every pending migration. */
export function openDatabase(filePath: string): AppDatabase {
  const sqlite = new Database(filePath);
  // busy_timeout first: switching to WAL needs a lock another process may hold for a moment.
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  applyMigrations(sqlite);
  return drizzle(sqlite, { schema }) as AppDatabase;
}

/**
 * Drizzle's migrator, made safe for several processes: same table and bookkeeping as
 * drizzle-orm's `migrate()` (hash, created_at = the migration's folder time), but the "what is
 * applied?" read happens inside the IMMEDIATE transaction that applies the rest.
 */
export function applyMigrations(sqlite: Database.Database, folder = migrationsFolder): number {
  const migrations = readMigrationFiles({ migrationsFolder: folder });
  const latestApplied = () => {
    try {
      const row = sqlite.prepare(`select created_at from ${MIGRATIONS_TABLE} order by created_at desc limit 1`).get() as
        | { created_at: number | string }
        | undefined;
      return row ? Number(row.created_at) : undefined;
    } catch {
      return undefined; // no bookkeeping table yet
    }
  };
  const pending = (last: number | undefined) => migrations.filter((migration) => last === undefined || last < migration.folderMillis);
  // Fast path, no write lock: everything applied already (every worker start, every script).
  if (pending(latestApplied()).length === 0) return 0;
  return sqlite
    .transaction(() => {
      sqlite.exec(`CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`);
      const todo = pending(latestApplied());
      const record = sqlite.prepare(`INSERT INTO ${MIGRATIONS_TABLE} ("hash", "created_at") VALUES (?, ?)`);
      for (const migration of todo) {
        for (const statement of migration.sql) if (statement.trim()) sqlite.exec(statement);
        record.run(migration.hash, migration.folderMillis);
      }
      return todo.length;
    })
    .immediate();
}

let database: AppDatabase | undefined;

/** The process-wide database, opened (and migrated) on first use. */
export function getDb(): AppDatabase {
  database ??= openDatabase(getEnv().databasePath);
  return database;
}

/** Closes the process-wide database (graceful shutdown); the next getDb() would open it again. */
export function closeDb() {
  const current = database;
  database = undefined;
  if (current?.$client.open) current.$client.close();
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

/** SQLite's "the database is locked" (another connection held the write lock past the busy timeout). */
export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

/** How long a write a page can do without waits for the write lock (docs/decisions/0101-pages-never-fail-on-bookkeeping-writes.md). */
export const BOOKKEEPING_BUSY_TIMEOUT_MS = 250;

/**
 * A write a page can do without (bookkeeping on a GET: marking a list seen, creating a token the
 * page links to): it waits at most BOOKKEEPING_BUSY_TIMEOUT_MS for the write lock, and while
 * another connection holds it (a worker, the mail worker, a script's long transaction) it is
 * skipped and `fallback` is returned, so the page still renders instead of answering 500
 * (docs/decisions/0101-pages-never-fail-on-bookkeeping-writes.md). Any other error is thrown.
 */
export function bestEffortWrite<T>(write: () => T, fallback: T): T {
  const client = getDb().$client;
  const busyTimeout = client.pragma("busy_timeout", { simple: true }) as number;
  client.pragma(`busy_timeout = ${Math.min(busyTimeout, BOOKKEEPING_BUSY_TIMEOUT_MS)}`);
  try {
    return write();
  } catch (error) {
    if (!isDatabaseBusy(error)) throw error;
    return fallback;
  } finally {
    client.pragma(`busy_timeout = ${busyTimeout}`);
  }
}

export { schema };

let versionStatement: { db: unknown; get: () => string } | undefined;

/**
 * The database's write version as this process sees it: PRAGMA data_version changes when another
 * connection (another worker, a script) commits, total_changes() when this one writes. Equal
 * versions mean no row has changed since (the page cache's freshness test).
 */
export function databaseVersion(): string {
  const client = getDb().$client;
  if (versionStatement?.db !== client) {
    const statement = client.prepare("SELECT data_version AS d, total_changes() AS t FROM pragma_data_version");
    versionStatement = {
      db: client,
      get: () => {
        const row = statement.get() as { d: number; t: number };
        return `${row.d}:${row.t}`;
      },
    };
  }
  return versionStatement.get();
}

/**
 * A value computed at most once per database write version (`databaseVersion`): any committed
 * write, by this process or another, recomputes it on the next call. For aggregates that are the
 * same for everyone (member and post totals), never for one member's data. `keyOf` splits the
 * value by its arguments (at most `maxKeys` kept per version).
 */
export function cachedUntilWrite<Args extends unknown[], T>(compute: (...args: Args) => T, keyOf: (...args: Args) => string = () => "", maxKeys = 100): (...args: Args) => T {
  let cache: { db: unknown; version: string; values: Map<string, T> } | undefined;
  return (...args: Args) => {
    const db = getDb();
    const version = databaseVersion();
    if (cache?.db !== db || cache.version !== version) cache = { db, version, values: new Map() };
    const key = keyOf(...args);
    if (cache.values.has(key)) return cache.values.get(key) as T;
    const value = compute(...args);
    if (cache.values.size < maxKeys) cache.values.set(key, value);
    return value;
  };
}

/** A trivial query for /healthz: the database answers in this process. */
export function databaseIsHealthy(): boolean {
  try {
    return getDb().$client.prepare("select 1 as ok").pluck().get() === 1;
  } catch {
    return false;
  }
}
