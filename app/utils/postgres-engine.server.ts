/**
 * The PostgreSQL engine behind app/utils/db.server.ts (docs/decisions/0105-postgres-engine.md):
 * a node-postgres pool sized by DATABASE_POOL_SIZE, the migrations applied at start under an
 * advisory lock, one client per unit of work in a SERIALIZABLE transaction, and the write version
 * fed by LISTEN/NOTIFY. Only db.server.ts uses this module; features never see an engine.
 */
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import * as pgSchema from "../../db/schema.pg";
import type { PostgresDatabase } from "./database-url.server";
import { AppError, logServerError } from "./errors.server";
import { applyPostgresMigrations } from "./postgres-migrations.server";

// Counts (`count(*)` is a bigint) and sums (`numeric`) come back as numbers, as on SQLite: every
// value Quads keeps fits a double exactly (ids, points, milliseconds since the epoch).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/** The channel every committed unit of work notifies (decision 0105, "Freshness"). */
const WRITES_CHANNEL = "quads_writes";
/** A unit of work that keeps meeting serialization failures is tried this many times, then answered 503. */
export const MAX_UNIT_ATTEMPTS = 10;

/** The pause before running a unit again: growing, random (units that collided do not collide again in step). */
export function retryPause(attempt: number): Promise<void> {
  const ms = Math.random() * Math.min(100, 4 * 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export type PostgresOptions = { poolSize: number; statementTimeoutMs: number };

/** SQLSTATEs (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
const SERIALIZATION_FAILURE = "40001";
const DEADLOCK_DETECTED = "40P01";
const UNIQUE_VIOLATION = "23505";
const QUERY_CANCELED = "57014"; // statement_timeout
const LOCK_NOT_AVAILABLE = "55P03"; // lock_timeout

/** The driver's error behind Drizzle's wrapper (DrizzleQueryError keeps it as `cause`). */
export function driverErrorOf(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth += 1) {
    if (typeof (current as { code?: unknown }).code === "string") return current;
    current = (current as { cause?: unknown }).cause;
  }
  return error;
}

function codeOf(error: unknown): string | undefined {
  const code = (driverErrorOf(error) as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/**
 * A unit asked for a hot row (`lockRowForUpdate`, app/utils/sql-dialect.server.ts) that another
 * unit holds: it stops at once and runs again, taking the row's lock before its transaction begins,
 * so that it waits its turn instead of failing serialization (docs/decisions/0106-hot-rows-on-postgres.md).
 */
export class HotRowContended extends Error {
  constructor(readonly key: string) {
    super(`Another unit of work holds the row lock ${key}: this one runs again after it.`);
  }
}

/**
 * The advisory lock key of a row ("table:id"): a signed 64-bit integer, as text (PostgreSQL's
 * `bigint`). A hash, so two rows may share a key: they then take turns, never fail.
 */
export function rowLockKey(table: string, id: string | number): string {
  return createHash("sha256").update(`quads:${table}:${id}`).digest().readBigInt64BE(0).toString();
}

/** Takes a row's lock for the rest of the unit's transaction if nobody holds it; false when another unit does. */
export async function tryRowLock(client: pg.PoolClient, key: string): Promise<boolean> {
  const result = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_xact_lock($1::bigint) AS locked", [key]);
  return result.rows[0]?.locked === true;
}

/** A unit of work that failed this way ran into another one: running it again is safe and will likely succeed. */
export function isRetryableConflict(error: unknown): boolean {
  if (error instanceof HotRowContended) return true;
  const code = codeOf(error);
  return code === SERIALIZATION_FAILURE || code === DEADLOCK_DETECTED;
}

/** The connection to the server broke (a restart, a network fault, a killed backend): nothing of an open transaction was committed. */
export function isConnectionLost(error: unknown): boolean {
  const code = codeOf(error);
  if (code && (code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03")) return true;
  if (code === "ECONNRESET" || code === "ECONNREFUSED" || code === "EPIPE" || code === "ETIMEDOUT") return true;
  const driverError = driverErrorOf(error);
  const message = driverError instanceof Error ? driverError.message : "";
  return /Connection terminated|Client has encountered a connection error|connection is closed/i.test(message);
}

/**
 * What a member is told when PostgreSQL refused something Quads did not check for first: a unique
 * violation is a 409 (two requests saved the same thing at once), a statement timeout, a lock wait
 * or a lost connection a 503 to retry. Undefined for anything else (a bug: 500, logged).
 */
export function appErrorOfPostgres(error: unknown): AppError | undefined {
  const code = codeOf(error);
  if (code === UNIQUE_VIOLATION) return new AppError(409, "That was just saved by another request. Please reload the page and try again.");
  if (code === QUERY_CANCELED) {
    logServerError(error); // an operator wants to know which statement ran past DATABASE_STATEMENT_TIMEOUT_MS
    return busy("The community took too long to answer. Please try again in a moment.");
  }
  if (code === LOCK_NOT_AVAILABLE || isRetryableConflict(error)) return busy("The community is busy saving something else. Please try again in a moment.");
  if (isConnectionLost(error)) {
    logServerError(error);
    return busy("The community's database cannot be reached right now. Please try again in a moment.");
  }
  return undefined;
}

function busy(message: string): AppError {
  return new AppError(503, message, { headers: { "Retry-After": "1" } });
}

export type PgHandle = NodePgDatabase<typeof pgSchema>;

export class PostgresEngine {
  readonly pool: pg.Pool;
  /** The handle on the pool: each statement its own snapshot of committed data (READ COMMITTED). */
  readonly db: PgHandle;
  private readonly handles = new WeakMap<pg.PoolClient, PgHandle>();
  private listener: pg.Client | undefined;
  private isListening = false;
  private isClosed = false;
  private generation = 0;
  private writes = 0;
  /** Sent with this process's notifications, so it does not count its own commits twice (it counts them at once). */
  private readonly notifier = randomBytes(8).toString("hex");
  private unversioned = 0;
  /** This process's own channel for catching up (`catchUp`): only its listening connection hears it. */
  private readonly catchUpChannel = `quads_caught_up_${this.notifier}`;
  /** Waiters for a notification this process sent (its commits' on `quads_writes`, its catch-ups' on its own channel), by payload. */
  private readonly deliveryWaiters = new Map<string, () => void>();
  private catchUps = 0;
  private commits = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly target: PostgresDatabase,
    readonly options: PostgresOptions,
  ) {
    this.pool = new pg.Pool({
      connectionString: target.url,
      ssl: target.ssl || undefined,
      max: options.poolSize,
      statement_timeout: options.statementTimeoutMs || undefined,
      // Idle clients are closed after a while: a PostgreSQL restart leaves fewer dead ones behind.
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 10_000,
    });
    // An idle client whose server went away emits here; the pool drops it. Not a crash.
    this.pool.on("error", (error) => logServerError(error));
    this.pool.on("connect", (client) => nameStatementsOf(client));
    retryLostConnectionsOnce(this.pool);
    this.db = drizzle(this.pool, { schema: pgSchema });
  }

  /** Applies the pending migrations (several processes at once: each once) and starts listening for writes. */
  async start(): Promise<void> {
    const client = await this.pool.connect();
    try {
      await applyPostgresMigrations(client);
    } finally {
      client.release();
    }
    await this.listen();
  }

  /** The Drizzle handle on one client (a unit of work's), made once per pooled client. */
  handleOf(client: pg.PoolClient): PgHandle {
    let handle = this.handles.get(client);
    if (!handle) {
      handle = drizzle(client, { schema: pgSchema });
      this.handles.set(client, handle);
    }
    return handle;
  }

  /**
   * A client for a unit of work, its transaction begun. `maxWaitMs` bounds the wait for a free
   * client and, inside, for row locks (lock_timeout): past it the caller gets a 503 "busy".
   * `rowLocks` (keys of `rowLockKey`) are taken first, before the transaction and so before its
   * snapshot: the unit then sees the last commit of the unit that held them (a lock taken inside a
   * SERIALIZABLE transaction comes after its snapshot, and its update would still fail). They are
   * session locks: `end()` releases them.
   */
  async begin(maxWaitMs?: number, rowLocks: readonly string[] = []): Promise<pg.PoolClient> {
    const client = maxWaitMs === undefined ? await this.pool.connect() : await connectWithin(this.pool, maxWaitMs);
    let isWaitingForRows = false;
    try {
      if (rowLocks.length > 0) {
        isWaitingForRows = true;
        if (maxWaitMs !== undefined) await client.query(`SET lock_timeout = ${Math.max(1, Math.round(maxWaitMs))}`);
        // One order for every unit: two units never wait for each other's first lock.
        for (const key of [...rowLocks].sort()) await client.query("SELECT pg_advisory_lock($1::bigint)", [key]);
        if (maxWaitMs !== undefined) await client.query("RESET lock_timeout");
        isWaitingForRows = false;
      }
      // One round trip (docs/scaling.md): both statements in one simple query.
      const lockTimeout = maxWaitMs === undefined ? "" : `; SET LOCAL lock_timeout = ${Math.max(1, Math.round(maxWaitMs))}`;
      await client.query(`BEGIN ISOLATION LEVEL SERIALIZABLE${lockTimeout}`);
      return client;
    } catch (error) {
      // Destroyed, not pooled: a session lock taken before the failure goes with the connection.
      client.release(error instanceof Error ? error : true);
      // Past maxWaitMs (lock_timeout), or a queue for a hot row longer than DATABASE_STATEMENT_TIMEOUT_MS: 503 "busy".
      if (codeOf(error) === LOCK_NOT_AVAILABLE || (isWaitingForRows && codeOf(error) === QUERY_CANCELED)) throw busy("The community is busy saving something else. Please try again in a moment.");
      throw error;
    }
  }

  /**
   * Commits the unit's transaction, telling every process (this one at once) that the database
   * changed. Resolves, once committed, to `delivered`: the notification's delivery back to this
   * process (at most `deliveryWaitMs`): the caller answers after it, by when the other boxes, signalled
   * at the same moment, have heard of the commit too, so a client's next request through another box
   * finds its caches fresh (decision 0121).
   */
  async commit(client: pg.PoolClient, deliveryWaitMs = 50): Promise<{ delivered: Promise<void> }> {
    const token = `${this.notifier}.${(this.commits += 1)}`;
    // The waiter is in place before the COMMIT is sent: the listening connection may receive the
    // notification before this connection receives the COMMIT's answer.
    const delivered = this.isListening ? this.heard(token, deliveryWaitMs) : Promise.resolve();
    try {
      // NOTIFY is transactional: delivered to the listeners at the commit, never after a rollback.
      // One round trip: a failed NOTIFY leaves the COMMIT unrun and the caller rolls back.
      await client.query(`NOTIFY ${WRITES_CHANNEL}, '${token}'; COMMIT`);
    } catch (error) {
      this.deliveryWaiters.get(token)?.();
      throw error;
    }
    this.writes += 1; // this process knows at once; its own notification, when it arrives, is not counted again
    return { delivered };
  }

  /** Resolves when this process's listening connection receives `token`, or after `timeoutMs`. */
  private heard(token: string, timeoutMs: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      this.deliveryWaiters.set(token, () => {
        clearTimeout(timer);
        resolve();
      });
    }).finally(() => this.deliveryWaiters.delete(token));
  }

  async rollback(client: pg.PoolClient): Promise<void> {
    await client.query("ROLLBACK");
  }

  /**
   * Gives the unit's client back to the pool, after releasing the row locks `begin` took (a client
   * that cannot release them, or whose connection broke, is destroyed: its locks go with it).
   */
  async end(client: pg.PoolClient, { heldRowLocks, broken }: { heldRowLocks: boolean; broken?: Error }): Promise<void> {
    if (heldRowLocks && !broken) {
      try {
        await client.query("SELECT pg_advisory_unlock_all()");
      } catch (error) {
        client.release(error instanceof Error ? error : true);
        return;
      }
    }
    client.release(broken ?? false);
  }

  /**
   * The write version: moves on every commit of this process (at once) and of any other (when its
   * notification arrives, within milliseconds). While the listening connection is down nobody can
   * tell, so every call gives a new version: caches compute afresh until it is back.
   */
  version(): string {
    if (!this.isListening) return `unlistened:${(this.unversioned += 1)}`;
    return `${this.generation}:${this.writes}`;
  }

  /**
   * Resolves once this process has heard of every commit any process made before the call
   * (read-your-writes across boxes, docs/decisions/0121-read-your-writes-across-boxes.md). PostgreSQL
   * delivers a listening session's notifications in commit order, so when a notification sent now
   * on this process's own channel arrives, the `quads_writes` notifications of every earlier commit
   * have arrived before it and moved the version. One round trip and the delivery (a millisecond or
   * two); bounded by `timeoutMs`, after which the version is simply taken as it is. While nobody
   * listens, every version is new anyway (`version`).
   */
  async catchUp(timeoutMs = 1_000): Promise<void> {
    if (!this.isListening) return;
    const token = `caught-up.${(this.catchUps += 1)}`;
    const heard = this.heard(token, timeoutMs);
    try {
      await this.pool.query("SELECT pg_notify($1, $2)", [this.catchUpChannel, token]);
      await heard;
    } catch {
      // PostgreSQL is unreachable: the request that asked will meet the same error and answer it.
      this.deliveryWaiters.get(token)?.();
    }
  }

  /** Whether the server answers a trivial query now (for /healthz). */
  async isHealthy(): Promise<boolean> {
    try {
      const result = await this.pool.query("select 1 as ok");
      return result.rows[0]?.ok === 1;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.isClosed = true;
    clearTimeout(this.reconnectTimer);
    this.isListening = false;
    await this.listener?.end().catch(() => undefined);
    await this.pool.end();
  }

  private async listen(): Promise<void> {
    const listener = new pg.Client({ connectionString: this.target.url, ssl: this.target.ssl || undefined });
    const lost = (error?: Error) => {
      if (this.listener !== listener) return;
      this.isListening = false;
      this.listener = undefined;
      if (error) logServerError(error);
      listener.end().catch(() => undefined);
      if (!this.isClosed) this.reconnectTimer = setTimeout(() => void this.listen().catch(() => undefined), 1_000);
    };
    const ownPrefix = `${this.notifier}.`;
    listener.on("notification", (message) => {
      const payload = message.payload ?? "";
      if (message.channel === this.catchUpChannel) return this.deliveryWaiters.get(payload)?.();
      if (!payload.startsWith(ownPrefix)) this.writes += 1;
      else this.deliveryWaiters.get(payload)?.();
    });
    listener.on("error", lost);
    listener.on("end", () => lost());
    this.listener = listener;
    try {
      await listener.connect();
      await listener.query(`LISTEN ${WRITES_CHANNEL}; LISTEN ${this.catchUpChannel}`);
      // Commits made while nobody listened are unknown: a new generation makes every version new.
      this.generation += 1;
      this.isListening = true;
    } catch (error) {
      lost(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
  }
}

/** How many statements one connection keeps prepared by name; past it, new ones go unnamed (a bound for SQL that embeds a literal). */
export const NAMED_STATEMENTS_PER_CONNECTION = 300;

const statementNames = new Map<string, string>();

/** A statement's name: a hash of its text (the same text, the same name, on every connection). */
export function statementNameOf(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `q_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
    if (statementNames.size >= 5_000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

type QueryConfigLike = { text?: unknown; name?: unknown; values?: unknown };

/**
 * Every statement with parameters that this client sends goes as a named prepared statement
 * (docs/scaling.md, "Where the time goes per request"): PostgreSQL parses it once per connection and reuses its
 * plan, later executions send only Bind and Execute. Without names (Drizzle's `.prepare()` gives
 * none), each of a page's ~9 statements was parsed and planned again, about half of PostgreSQL's
 * CPU per request. At most `limit` names per connection; statements without parameters (BEGIN,
 * COMMIT, NOTIFY) stay simple queries.
 */
export function nameStatementsOf(client: pg.ClientBase, limit = NAMED_STATEMENTS_PER_CONNECTION): void {
  const named = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const config = args[0] as QueryConfigLike | string | undefined;
    if (config && typeof config === "object" && typeof config.text === "string" && config.name === undefined) {
      const values = Array.isArray(args[1]) ? args[1] : config.values;
      if (Array.isArray(values) && values.length > 0) {
        const name = statementNameOf(config.text);
        if (named.has(name) || named.size < limit) {
          named.add(name);
          args[0] = { ...config, name };
        }
      }
    }
    return query(...args);
  };
}

/** pool.connect(), giving up after `ms` (the client, when it comes later, goes back to the pool). */
async function connectWithin(pool: pg.Pool, ms: number): Promise<pg.PoolClient> {
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const connecting = pool.connect();
  try {
    return await Promise.race([
      connecting,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          timedOut = true;
          reject(busy("The community is busy saving something else. Please try again in a moment."));
        }, ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    if (timedOut) connecting.then((client) => client.release()).catch(() => undefined);
  }
}

/**
 * Statements outside a unit of work go through `pool.query`: they only read (every write is a
 * unit), so one that fails because its connection was lost (PostgreSQL restarted, a broken idle
 * client) is sent once more on a fresh one.
 */
function retryLostConnectionsOnce(pool: pg.Pool) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    if (typeof args[args.length - 1] === "function") return query(...args); // callback style: not used by Drizzle
    return query(...args).catch((error: unknown) => {
      if (!isConnectionLost(error)) throw error;
      return query(...args);
    });
  };
}
