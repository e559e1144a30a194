/**
 * The data layer: this process's SQLite connections (WAL mode, foreign keys on, a busy timeout, the
 * migrations under db/migrations applied at start) and the one way to read and write through them.
 *
 * - `readDb()`: the handle to read with. Inside a unit of work, that unit's transaction (it sees
 *   its own writes); outside, the read connection, which sees committed data only.
 * - `write(async (tx) => …)`: a unit of work. Every write goes through it: it waits its turn for the
 *   one writer connection (a FIFO lock held from BEGIN IMMEDIATE to COMMIT/ROLLBACK, across
 *   awaits), commits when `work` resolves and rolls back when it throws. Called inside another unit
 *   it is a savepoint of that unit.
 * - `sqliteWriterForTesting()`: the SQLite writer connection itself, for the tests of SQLite (query
 *   plans, statement counts, a second connection to the file); never for features (decision 0102).
 * Why, and what a PostgreSQL twin does behind the same functions: docs/decisions/0102-async-data-layer.md.
 *
 * Several processes (the cluster's primary and its workers, `npm run badges:recompute`, a test)
 * may open the same file: the migrations run inside one IMMEDIATE transaction that re-reads the
 * applied list after taking the write lock, so two processes migrating at once apply each
 * migration exactly once, and a process that finds nothing pending writes nothing (decision 0061).
 */
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import * as sqliteSchema from "../../db/schema";
import * as pgSchema from "../../db/schema.pg";
import { getEnv } from "./env.server";
import { AppError, logServerError } from "./errors.server";
import { FifoMutex } from "./fifo-mutex";
import * as postgres from "./postgres-engine.server";
import type { PoolClient } from "pg";
import { reusePreparedStatements } from "./statement-cache.server";

/**
 * The handle every feature reads and writes through, typed by db/schema.ts. On PostgreSQL it is a
 * node-postgres Drizzle handle on db/schema.pg.ts, whose row types are the same (checked by
 * db/schema-parity.test.ts); features use only what both dialects share (decision 0102).
 */
export type AppDatabase = BetterSQLite3Database<typeof sqliteSchema> & { $client: Database.Database };

/**
 * This process's engine, fixed at start by DATABASE_URL (a process talks to one database): the
 * tables features import (`schema`) are that engine's (docs/decisions/0104-one-schema-two-dialects.md).
 */
export const engine: "sqlite" | "postgres" = /^\s*postgres(?:ql)?:\/\//i.test(process.env.DATABASE_URL ?? "") ? "postgres" : "sqlite";

/** The tables, of this process's engine (typed by db/schema.ts; the row types of both are the same). */
const schema = (engine === "postgres" ? pgSchema : sqliteSchema) as unknown as typeof sqliteSchema;

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
  return drizzle(sqlite, { schema: sqliteSchema }) as AppDatabase;
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

export { schema };

// ---------- connections ----------

/** The writer: the connection every unit of work writes through. */
let database: AppDatabase | undefined;
/** The read connection opened beside each writer (same file, `query_only`). */
const readers = new WeakMap<AppDatabase, { db: AppDatabase; generation: number }>();
const openReaders = new Set<Database.Database>();
let readerGeneration = 0;
let isReusingStatements = false;

function writer(): AppDatabase {
  if (engine === "postgres") throw synchronousOnPostgres();
  database ??= openDatabase(getEnv().databasePath);
  return database;
}

/** This process's PostgreSQL engine, once `prepareDatabase()` has started it. */
let pgEngine: postgres.PostgresEngine | undefined;
let pgStarting: Promise<postgres.PostgresEngine> | undefined;

function postgresEngine(): postgres.PostgresEngine {
  if (!pgEngine) throw new Error("The PostgreSQL engine is not started: await prepareDatabase() first (app/startup.server.ts).");
  return pgEngine;
}

/**
 * Opens this process's database before it serves: on SQLite the file (migrations applied); on
 * PostgreSQL the pool, the migrations (several processes at once: each applied once) and the
 * listener of the write version. A server that cannot be reached throws a DatabaseUnreachableError
 * naming it (host, port, database; never the password).
 */
export async function prepareDatabase(): Promise<void> {
  if (engine === "sqlite") return void writer();
  if (pgEngine) return;
  pgStarting ??= (async () => {
    const env = getEnv();
    if (env.database.engine !== "postgres") throw new Error("DATABASE_URL changed engine after start.");
    const started = new postgres.PostgresEngine(env.database, { poolSize: env.DATABASE_POOL_SIZE, statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS });
    try {
      await started.start();
    } catch (error) {
      await started.close().catch(() => undefined);
      // Lost/refused connections, unknown or unresolvable hosts (ENOTFOUND, EAI_AGAIN), a missing database, a refused password.
      const code = (error as { code?: string }).code;
      if (postgres.isConnectionLost(error) || code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "3D000" || code === "28P01") {
        throw new DatabaseUnreachableError(`PostgreSQL at ${env.database.label} cannot be reached: ${error instanceof Error ? error.message : String(error)}`);
      }
      throw error;
    }
    pgEngine = started;
    return started;
  })();
  try {
    await pgStarting;
  } finally {
    pgStarting = undefined;
  }
}

/** DATABASE_URL names a server that does not answer (or refuses the user, or has no such database). */
export class DatabaseUnreachableError extends Error {}

function synchronousOnPostgres(): Error {
  return new Error("SQLite's own connection does not exist on PostgreSQL: use readDb() / write() (decision 0102).");
}

/**
 * The read connection of a writer: same file, WAL, so each statement sees the latest committed
 * data and never a unit of work's uncommitted rows. `query_only` makes a write fail at once (never
 * a busy wait that would block the event loop), and the statements that would write are refused
 * with a message (`refuseWrites`).
 */
function readerOf(writerDb: AppDatabase): { db: AppDatabase; generation: number } {
  let reader = readers.get(writerDb);
  if (reader?.db.$client.open) return reader;
  const client = writerDb.$client;
  if (client.memory) throw new Error("An in-memory database has no read connection: open a file (decision 0102).");
  const sqlite = new Database(client.name);
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("query_only = ON");
  refuseWrites(sqlite);
  if (isReusingStatements) reusePreparedStatements(sqlite);
  openReaders.add(sqlite);
  readerGeneration += 1;
  reader = { db: drizzle(sqlite, { schema: sqliteSchema }) as AppDatabase, generation: readerGeneration };
  readers.set(writerDb, reader);
  return reader;
}

/** A statement that would write, prepared on the read connection, throws when run. */
function refuseWrites(sqlite: Database.Database) {
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const statement = prepare(source);
    if (!statement.readonly) {
      const refuse = () => {
        throw writeRefused();
      };
      Object.assign(statement, { run: refuse, get: refuse, all: refuse, iterate: refuse });
    }
    return statement;
  }) as typeof sqlite.prepare;
}

function writeRefused(): Error {
  return new Error("A write outside a unit of work: every write goes through write(async (tx) => …) (app/utils/db.server.ts, decision 0102).");
}

/** 503: the writer is held by another request's unit of work and this (synchronous) write cannot wait for it. */
function databaseBusy(): AppError {
  return new AppError(503, "The community is busy saving something else. Please try again in a moment.", { headers: { "Retry-After": "1" } });
}

/** Every connection of this process, opened now or later, reuses its prepared statements (statement-cache.server.ts). */
export function reuseStatementsOnEveryConnection(): void {
  if (engine === "postgres") return; // node-postgres has no statements of ours to keep
  isReusingStatements = true;
  reusePreparedStatements(writer().$client);
  for (const client of openReaders) if (client.open) reusePreparedStatements(client);
}

/** Closes the process's connections (graceful shutdown); the next use would open them again. */
export async function closeDb(): Promise<void> {
  if (pgEngine) {
    const closing = pgEngine;
    pgEngine = undefined;
    await closing.close();
    return;
  }
  const current = database;
  database = undefined;
  for (const client of openReaders) if (client.open) client.close();
  openReaders.clear();
  if (current?.$client.open) current.$client.close();
}

/** For tests: point the process at another writer connection (its read connection follows). */
export function setDbForTesting(next: AppDatabase | undefined) {
  database = next;
}

// ---------- units of work ----------

/** One open unit of work (or a savepoint inside one); `root` is the transaction holding the writer. */
class Unit {
  readonly root: Unit;
  readonly depth: number;
  isOpen = true;
  /** Savepoints started inside this unit take turns. */
  readonly children = new FifoMutex();
  readonly afterCommit: Array<() => void> = [];
  /** PostgreSQL: the unit's client and its handle (the root's; SQLite has one writer for all). */
  readonly client: PoolClient | undefined;
  readonly tx: AppDatabase | undefined;
  /** PostgreSQL, on the root: the row locks taken before the transaction began (`lockRow`). */
  readonly heldRowLocks: ReadonlySet<string>;
  /** PostgreSQL, on the root: every row lock the unit asked for (the next attempt takes them first). */
  readonly askedRowLocks = new Set<string>();

  constructor(parent?: Unit, own?: { client: PoolClient; tx: AppDatabase; heldRowLocks: ReadonlySet<string> }) {
    this.root = parent?.root ?? this;
    this.depth = parent ? parent.depth + 1 : 0;
    this.client = own?.client ?? parent?.client;
    this.tx = own?.tx ?? parent?.tx;
    this.heldRowLocks = own?.heldRowLocks ?? new Set();
  }
}

/** PostgreSQL: how many units are open in this process (they run side by side there). */
let openPostgresUnits = 0;

const writerLock = new FifoMutex();
/** Which unit of work the running code belongs to, across its awaits. */
const unitContext = new AsyncLocalStorage<Unit>();
/** The unit holding the writer with its transaction open (BEGIN done, COMMIT/ROLLBACK not yet). */
let openUnit: Unit | undefined;
let savepointCount = 0;

/**
 * Whether the running code is inside the open unit of work (its reads see that unit's uncommitted
 * writes: an in-process cache must neither serve nor keep them).
 */
export function isInsideOpenUnit(): boolean {
  if (engine === "postgres") {
    const unit = unitContext.getStore();
    return unit !== undefined && unit.isOpen && unit.root.isOpen;
  }
  if (!openUnit) return false;
  const unit = unitContext.getStore();
  return unit !== undefined && unit.isOpen && unit.root === openUnit;
}

/**
 * The handle to read with: inside a unit of work, its transaction (its own writes included);
 * outside, the read connection (committed data only; it refuses writes: use `write`).
 */
export function readDb(): AppDatabase {
  if (engine === "postgres") {
    const unit = unitContext.getStore();
    if (unit?.isOpen && unit.root.isOpen && unit.tx) return unit.tx;
    return postgresEngine().db as unknown as AppDatabase;
  }
  const writerDb = writer();
  return isInsideOpenUnit() ? writerDb : readerOf(writerDb).db;
}

/**
 * Runs `work` as one unit of work: it waits for the writer (FIFO), runs in a BEGIN IMMEDIATE
 * transaction, commits when `work` resolves and rolls back when it throws (the error is rethrown).
 * Inside another unit it runs as a savepoint of it: rolled back alone on error, committed with the
 * outer one. `work` must await every statement it starts, hold no slow await (mail, hashing,
 * network: do those before or after), and have no effect outside the database: on PostgreSQL a unit
 * may be run again after a serialization failure (decision 0102).
 */
export async function write<T>(work: (tx: AppDatabase) => Promise<T> | T, options: WriteOptions = {}): Promise<T> {
  if (engine === "postgres") return writePostgres(work, options);
  const current = unitContext.getStore();
  if (current?.isOpen && current.root === openUnit) return writeSavepoint(current, work);
  const { maxWaitMs } = options;
  if (maxWaitMs === undefined) await writerLock.acquire();
  else if (!(await writerLock.acquireWithin(maxWaitMs))) throw databaseBusy();
  const tx = writer();
  const client = tx.$client;
  try {
    // A synchronous transaction runs to its end in one go, so none can be open here.
    if (client.inTransaction) throw new Error("The writer is inside a transaction nobody owns.");
    begin(client, maxWaitMs);
    const unit = new Unit();
    openUnit = unit;
    try {
      const result = await unitContext.run(unit, () => work(tx));
      unit.isOpen = false;
      if (!client.inTransaction) throw new Error("SQLite rolled the transaction back (an I/O or full-disk error): nothing was saved.");
      controlStatements(client).commit.run();
      runAfterCommit(unit.afterCommit);
      return result;
    } catch (error) {
      unit.isOpen = false;
      if (client.inTransaction) controlStatements(client).rollback.run();
      throw error;
    } finally {
      openUnit = undefined;
      // The context only has to follow code while a unit is open; tracking every promise of the
      // process between units would cost for nothing (decision 0102, "Measured").
      unitContext.disable();
    }
  } finally {
    writerLock.release();
  }
}

/**
 * The PostgreSQL unit of work: a client of its own, SERIALIZABLE (the outcomes of SQLite's
 * one-at-a-time writer while units run side by side), run again from the start when PostgreSQL
 * reports a serialization failure or deadlock, or lost the connection before the commit (nothing
 * was saved then), at most MAX_UNIT_ATTEMPTS times; afterCommit effects run once, after the commit
 * that stands (decision 0105).
 */
async function writePostgres<T>(work: (tx: AppDatabase) => Promise<T> | T, options: WriteOptions): Promise<T> {
  const current = unitContext.getStore();
  if (current?.isOpen && current.root.isOpen) return writeSavepointPostgres(current, work);
  const pgDb = postgresEngine();
  let connectionRetried = false;
  /** The hot rows earlier attempts asked for (`lockRow`): this attempt takes them before it begins. */
  const rowLocks = new Set<string>();
  for (let attempt = 1; ; attempt += 1) {
    // This process's units queue for a hot row here, holding no pooled connection: one of them at a
    // time waits for the row on a connection (the others' requests still get theirs; decision 0106).
    const turns = await takeRowTurns([...rowLocks], options.maxWaitMs);
    let client: PoolClient;
    try {
      client = await pgDb.begin(options.maxWaitMs, [...rowLocks]);
    } catch (error) {
      releaseRowTurns(turns);
      throw error;
    }
    const unit = new Unit(undefined, { client, tx: pgDb.handleOf(client) as unknown as AppDatabase, heldRowLocks: new Set(rowLocks) });
    openPostgresUnits += 1;
    let committing = false;
    let released = false;
    let broken: Error | undefined;
    let delivered: Promise<void> | undefined;
    try {
      const result = await unitContext.run(unit, () => work(unit.tx as AppDatabase));
      unit.isOpen = false;
      committing = true;
      ({ delivered } = await pgDb.commit(client));
      runAfterCommit(unit.afterCommit);
      return result;
    } catch (error) {
      unit.isOpen = false;
      if (postgres.isConnectionLost(error)) broken = error instanceof Error ? error : new Error(String(error));
      else await pgDb.rollback(client).catch((rollbackError: unknown) => (broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError))));
      for (const key of unit.askedRowLocks) rowLocks.add(key);
      if (postgres.isRetryableConflict(error) && attempt < postgres.MAX_UNIT_ATTEMPTS) {
        released = true;
        await pgDb.end(client, { heldRowLocks: unit.heldRowLocks.size > 0, broken });
        releaseRowTurns(turns);
        broken = undefined;
        // A hot row's holder: the next attempt waits in that row's queue, no pause needed.
        if (!(error instanceof postgres.HotRowContended)) await postgres.retryPause(attempt);
        continue;
      }
      // A connection lost before COMMIT was sent rolled everything back: run the unit once more.
      if (broken && !committing && !connectionRetried && attempt < postgres.MAX_UNIT_ATTEMPTS) {
        connectionRetried = true;
        continue;
      }
      // Out of attempts, or the connection lost: a 503 to retry. Any other error goes up as it is
      // (a unique violation becomes a 409 where it is answered: appErrorOfDatabase).
      if (postgres.isRetryableConflict(error) || broken) throw postgres.appErrorOfPostgres(error) ?? error;
      throw error;
    } finally {
      if (!released) {
        await pgDb.end(client, { heldRowLocks: unit.heldRowLocks.size > 0, broken });
        releaseRowTurns(turns);
      }
      openPostgresUnits -= 1;
      if (openPostgresUnits === 0) unitContext.disable();
      // The connection is back in the pool; the unit's caller goes on once its commit's notification
      // came back, when the other boxes have heard of it too (decision 0121).
      await delivered;
    }
  }
}

/** PostgreSQL: this process's queue per hot row (key of `rowLockKey`), and how many units use it. */
const rowTurns = new Map<string, { mutex: FifoMutex; users: number }>();

/** Takes this process's turn on each row (in one order), within `maxWaitMs` when given (else 503 busy). */
async function takeRowTurns(keys: string[], maxWaitMs: number | undefined): Promise<string[]> {
  const taken: string[] = [];
  for (const key of [...keys].sort()) {
    const turn = rowTurns.get(key) ?? { mutex: new FifoMutex(), users: 0 };
    rowTurns.set(key, turn);
    turn.users += 1;
    const isMine = maxWaitMs === undefined ? (await turn.mutex.acquire(), true) : await turn.mutex.acquireWithin(maxWaitMs);
    if (!isMine) {
      turn.users -= 1;
      if (turn.users === 0) rowTurns.delete(key);
      releaseRowTurns(taken);
      throw postgres.appErrorOfPostgres({ code: "55P03" }) ?? databaseBusy();
    }
    taken.push(key);
  }
  return taken;
}

function releaseRowTurns(keys: string[]) {
  for (const key of keys) {
    const turn = rowTurns.get(key);
    if (!turn) continue;
    turn.mutex.release();
    turn.users -= 1;
    if (turn.users === 0) rowTurns.delete(key);
  }
}

/**
 * PostgreSQL: the running unit of work takes the turn of the hot row `table:id` (an advisory lock
 * keyed by the row). Units that call this for the same row run one after the other instead of
 * failing serialization and retrying in vain: when another unit holds it, this one stops at once and
 * runs again taking the lock before its transaction begins (decision 0106). Feature code calls
 * `lockRowForUpdate` (app/utils/sql-dialect.server.ts), a no-op on SQLite.
 */
export async function lockRow(table: string, id: string | number): Promise<void> {
  if (engine !== "postgres") return;
  const unit = unitContext.getStore();
  // Outside a unit there is nothing to take turns for: the caller only reads.
  if (!unit?.isOpen || !unit.root.isOpen || !unit.client) return;
  const key = postgres.rowLockKey(table, id);
  const root = unit.root;
  root.askedRowLocks.add(key);
  if (root.heldRowLocks.has(key)) return;
  if (!(await postgres.tryRowLock(unit.client, key))) throw new postgres.HotRowContended(key);
}

async function writeSavepointPostgres<T>(parent: Unit, work: (tx: AppDatabase) => Promise<T> | T): Promise<T> {
  await parent.children.acquire();
  try {
    if (!parent.isOpen) throw new Error("A unit of work started inside one that has already ended: await it inside its unit.");
    const client = parent.client as PoolClient;
    const name = `unit_${parent.depth + 1}_${(savepointCount += 1)}`;
    await client.query(`SAVEPOINT ${name}`);
    const unit = new Unit(parent);
    try {
      const result = await unitContext.run(unit, () => work(unit.tx as AppDatabase));
      unit.isOpen = false;
      await client.query(`RELEASE ${name}`);
      parent.afterCommit.push(...unit.afterCommit);
      return result;
    } catch (error) {
      unit.isOpen = false;
      // A serialization failure or a lost connection ends the whole unit: no savepoint can save it.
      if (!postgres.isRetryableConflict(error) && !postgres.isConnectionLost(error)) await client.query(`ROLLBACK TO ${name}; RELEASE ${name}`);
      throw error;
    }
  } finally {
    parent.children.release();
  }
}

/** How a unit of work waits for the writer. */
export type WriteOptions = {
  /**
   * Wait at most this long for this process's writer lock, then for other processes' write lock
   * (the busy timeout of BEGIN IMMEDIATE); past it the unit does not run and a 503 "busy" AppError
   * (`isDatabaseBusy`) is thrown. For bookkeeping a page can do without (`bestEffortUnit`). Inside a
   * unit it is moot: the write is a savepoint of it.
   */
  maxWaitMs?: number;
};

/** BEGIN IMMEDIATE, waiting for other connections' write lock at most `maxWaitMs` when given. */
function begin(client: Database.Database, maxWaitMs: number | undefined) {
  const statement = controlStatements(client).begin;
  if (maxWaitMs === undefined) return void statement.run();
  // Synchronous from here to the restore: no other unit can run with the shortened timeout.
  const busyTimeout = client.pragma("busy_timeout", { simple: true }) as number;
  client.pragma(`busy_timeout = ${Math.min(busyTimeout, maxWaitMs)}`);
  try {
    statement.run();
  } finally {
    client.pragma(`busy_timeout = ${busyTimeout}`);
  }
}

async function writeSavepoint<T>(parent: Unit, work: (tx: AppDatabase) => Promise<T> | T): Promise<T> {
  // Savepoints of one unit nest like calls, so sibling units of work inside one unit take turns.
  await parent.children.acquire();
  try {
    if (!parent.isOpen) throw new Error("A unit of work started inside one that has already ended: await it inside its unit.");
    const tx = writer();
    const name = `unit_${parent.depth + 1}_${(savepointCount += 1)}`;
    tx.$client.exec(`SAVEPOINT ${name}`);
    const unit = new Unit(parent);
    try {
      const result = await unitContext.run(unit, () => work(tx));
      unit.isOpen = false;
      tx.$client.exec(`RELEASE ${name}`);
      // Kept for the outermost commit: a savepoint's work is not committed yet.
      parent.afterCommit.push(...unit.afterCommit);
      return result;
    } catch (error) {
      unit.isOpen = false;
      if (tx.$client.inTransaction) tx.$client.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
      throw error;
    }
  } finally {
    parent.children.release();
  }
}

/**
 * Runs `effect` once the running unit of work has committed (at once outside a unit; never when it
 * rolls back): for what lives outside the database, such as an in-process cache to invalidate.
 */
export function afterCommit(effect: () => void): void {
  const unit = unitContext.getStore();
  if (unit?.isOpen && (engine === "postgres" ? unit.root.isOpen : unit.root === openUnit)) unit.afterCommit.push(effect);
  else effect();
}

function runAfterCommit(effects: Array<() => void>) {
  for (const effect of effects) {
    try {
      effect();
    } catch (error) {
      logServerError(error); // the commit stands; an effect's failure is logged, not the unit's
    }
  }
}

const controlStatementsOf = new WeakMap<Database.Database, Record<"begin" | "commit" | "rollback", Database.Statement>>();

function controlStatements(client: Database.Database) {
  let statements = controlStatementsOf.get(client);
  if (!statements) {
    statements = { begin: client.prepare("BEGIN IMMEDIATE"), commit: client.prepare("COMMIT"), rollback: client.prepare("ROLLBACK") };
    controlStatementsOf.set(client, statements);
  }
  return statements;
}

// ---------- SQLite itself, for its tests ----------

/**
 * This process's SQLite writer connection (opened when needed), for the tests of SQLite itself: its
 * query plans, its statement counts, the file a second connection opens. Features and fixtures read
 * and write through `readDb()` / `write()` (app/test/db.ts); there is no synchronous API. Throws on PostgreSQL.
 */
export function sqliteWriterForTesting(): AppDatabase {
  return writer();
}

/** SQLite's "the database is locked" (another connection held the write lock past the busy timeout), or this process's writer held by another request's unit of work. */
/**
 * What a member is told when the database refused something the feature did not check for first
 * (a unique violation: 409; a timeout, a lock wait, a lost connection: 503). Undefined for
 * anything else. PostgreSQL: app/utils/postgres-engine.server.ts; SQLite's busy errors are 503 too.
 */
export function appErrorOfDatabase(error: unknown): AppError | undefined {
  if (error instanceof AppError) return undefined;
  const code = (postgres.driverErrorOf(error) as { code?: unknown } | null)?.code;
  if (typeof code === "string" && code.startsWith("SQLITE_")) {
    if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") return new AppError(409, "That was just saved by another request. Please reload the page and try again.");
    if (code.startsWith("SQLITE_BUSY")) return databaseBusy();
    return undefined;
  }
  return engine === "postgres" ? postgres.appErrorOfPostgres(error) : undefined;
}

/**
 * A unique index refused the row (SQLite or PostgreSQL): two requests saved the same thing at once.
 * With `column` ("users.username"), only when that column's index refused it (SQLite names it in
 * its message, PostgreSQL in the detail `Key (username)=…` of an index on that table).
 */
export function isUniqueViolation(error: unknown, column?: `${string}.${string}`): boolean {
  const driverError = postgres.driverErrorOf(error) as { code?: unknown; message?: unknown; table?: unknown; detail?: unknown } | null;
  const code = driverError?.code;
  if (code !== "23505" && code !== "SQLITE_CONSTRAINT_UNIQUE" && code !== "SQLITE_CONSTRAINT_PRIMARYKEY") return false;
  if (!column) return true;
  if (code !== "23505") return String(driverError?.message).includes(column);
  const [table, name] = column.split(".");
  return driverError?.table === table && new RegExp(`^Key \\((?:lower\\()?${name}\\)?\\)=`).test(String(driverError?.detail));
}

export function isDatabaseBusy(error: unknown): boolean {
  if (error instanceof AppError && error.status === 503) return true; // the writer is held by a unit of work (databaseBusy)
  const code = (postgres.driverErrorOf(error) as { code?: unknown } | null)?.code;
  // PostgreSQL: a row held by another unit past the unit's maxWaitMs (lock_timeout, 55P03).
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code === "55P03");
}

/** How long a write a page can do without waits for the write lock (docs/decisions/0101-pages-never-fail-on-bookkeeping-writes.md). */
export const BOOKKEEPING_BUSY_TIMEOUT_MS = 250;

/**
 * A write a page can do without (bookkeeping on a GET: marking a list seen, creating a token the
 * page links to): runs `work` with write options that bound its units' wait
 * for the writer (this process's lock and other processes' write lock) to
 * BOOKKEEPING_BUSY_TIMEOUT_MS; when the database stays busy the bookkeeping is skipped and
 * `fallback` returned, so the page renders (docs/decisions/0101-pages-never-fail-on-bookkeeping-writes.md).
 * `work` passes the options to each `write(…, options)` it does. Any other error is thrown.
 */
export async function bestEffortUnit<T>(work: (options: WriteOptions) => Promise<T>, fallback: T): Promise<T> {
  try {
    return await work({ maxWaitMs: BOOKKEEPING_BUSY_TIMEOUT_MS });
  } catch (error) {
    if (!isDatabaseBusy(error)) throw error;
    return fallback;
  }
}

// ---------- freshness ----------

const versionStatements = new WeakMap<Database.Database, Database.Statement<[], number>>();

/**
 * The database's write version: it changes after every commit by any connection of this process
 * or another. Read on the read connection, which never writes, so its PRAGMA data_version moves on
 * every commit and never on a unit of work's uncommitted rows (decision 0102). Equal versions mean
 * no row has changed since (the page cache's freshness test).
 */
export function databaseVersion(): string {
  if (engine === "postgres") return postgresEngine().version();
  const reader = readerOf(writer());
  const client = reader.db.$client;
  let statement = versionStatements.get(client);
  if (!statement) {
    // The PRAGMA itself: 2.3 µs a read, where `SELECT … FROM pragma_data_version` (a table-valued
    // function) took 3.6 µs; read 1–4 times a request (docs/performance.md, "Ninth slice: a rendered body compressed in one call").
    statement = client.prepare<[], number>("PRAGMA data_version").pluck();
    versionStatements.set(client, statement);
  }
  return `${reader.generation}:${statement.get()}`;
}

/**
 * Waits until this process has heard of every commit made before the call by any process on any
 * box, so that `databaseVersion` (and every cache keyed on it) includes them: read-your-writes for a
 * browser whose previous request wrote through another box (server/read-your-writes.ts, decision
 * 0121). On SQLite nothing to wait for: `PRAGMA data_version` already sees every commit at once.
 */
export async function catchUpWithOtherProcesses(): Promise<void> {
  if (engine === "postgres" && pgEngine) await pgEngine.catchUp();
}

/**
 * A value computed at most once per database write version (`databaseVersion`): any committed
 * write, by this process or another, recomputes it on the next call. For aggregates that are the
 * same for everyone (member and post totals), never for one member's data. `keyOf` splits the
 * value by its arguments (at most `maxKeys` kept per version). An async `compute` is kept as its
 * promise (callers at the same version share it; a rejected one is dropped). Inside a unit of work
 * the value is computed afresh and not kept: it may include that unit's uncommitted writes.
 */
export function cachedUntilWrite<Args extends unknown[], T>(compute: (...args: Args) => T, keyOf: (...args: Args) => string = () => "", maxKeys = 100): (...args: Args) => T {
  let cache: { version: string; values: Map<string, T> } | undefined;
  return (...args: Args) => {
    if (isInsideOpenUnit()) return compute(...args);
    const version = databaseVersion();
    if (cache?.version !== version) cache = { version, values: new Map() };
    const values = cache.values;
    const key = keyOf(...args);
    if (values.has(key)) return values.get(key) as T;
    const value = compute(...args);
    if (values.size < maxKeys) {
      values.set(key, value);
      if (value instanceof Promise) value.catch(() => values.get(key) === value && values.delete(key));
    }
    return value;
  };
}

/** A trivial query for /healthz: the database answers in this process. */
export async function databaseIsHealthy(): Promise<boolean> {
  if (engine === "postgres") return pgEngine ? pgEngine.isHealthy() : false;
  try {
    return readDb().$client.prepare("select 1 as ok").pluck().get() === 1;
  } catch {
    return false;
  }
}
