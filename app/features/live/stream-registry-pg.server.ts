/**
 * The register of open live-update streams on PostgreSQL (docs/decisions/0109-several-boxes.md):
 * the same rules as the SQLite side file of stream-registry.server.ts, in a table of the database
 * every box shares, so a member's LIVE_STREAMS_PER_MEMBER holds across all boxes.
 *
 * The table, `live_streams`, is UNLOGGED (its rows are disposable: a crash of PostgreSQL empties it,
 * which only frees places) and created by the register itself, like the side file, not by the
 * migrations: it is not community data (db:copy, the schemas and their parity test leave it out).
 * Its writes go through a small pool of the register's own, never through `write()`: they must not
 * move the database's write version (decision 0070's reason for the side file), which on PostgreSQL
 * is the `quads_writes` notification every unit of work sends at its commit.
 *
 * Every box renews its streams' rows every RENEW_INTERVAL_MS; a box killed without closing them
 * stops renewing, and its rows stop counting STREAM_TTL_MS later (rows of a dead process of the same
 * host go at once, as on SQLite). Expiries are read and written on PostgreSQL's clock, one clock for
 * every box, so a box whose clock is a few seconds off cannot shorten or stretch the others' leases
 * (decision 0118).
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { PostgresDatabase } from "~/utils/database-url.server";
import { logServerError } from "~/utils/errors.server";
import { currentWorkerName, isRunningHere, STREAM_TTL_MS, type StreamRegistry } from "./stream-registry.server";

/** The advisory locks' first key: "live" in ASCII (the migrations' lock is a single-key one, never equal). */
const LOCK_NAMESPACE = 0x6c697665;

const CREATE_TABLE = `CREATE UNLOGGED TABLE IF NOT EXISTS live_streams (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  worker text NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS live_streams_user_idx ON live_streams (user_id, expires_at);
CREATE INDEX IF NOT EXISTS live_streams_worker_idx ON live_streams (worker)`;

/** Opens the register in `database` for the worker named `worker` (its connections opened on first use). */
export function openPostgresStreamRegistry({
  database,
  worker = currentWorkerName(),
  now,
}: {
  database: Pick<PostgresDatabase, "url" | "ssl">;
  worker?: string;
  /** A clock of the caller's (tests); by default PostgreSQL's. */
  now?: () => number;
}): StreamRegistry {
  /** The time `offsetMs` from now, in ms, as SQL: PostgreSQL's clock, or the given one as a parameter appended to `parameters`. */
  const timeIn = (parameters: unknown[], offsetMs = 0): string => {
    if (!now) return `((extract(epoch from clock_timestamp()) * 1000)::bigint + ${Math.trunc(offsetMs)})`;
    parameters.push(now() + offsetMs);
    return `$${parameters.length}::bigint`;
  };
  // Two connections at most: a claim holds one for its short transaction, a renewal or a release the other.
  const pool = new pg.Pool({ connectionString: database.url, ssl: database.ssl || undefined, max: 2, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
  pool.on("error", (error) => logServerError(error)); // an idle connection whose server went away: the pool drops it
  let ready: Promise<void> | undefined;

  /** Runs `work` in a transaction on one connection, the table created first (once per process). */
  async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    ready ??= createTable().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    await ready;
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      client.release();
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      client.release(error instanceof Error ? error : true);
      throw error;
    }
  }

  async function createTable(): Promise<void> {
    const client = await pool.connect();
    try {
      // Boxes starting at once: one creates, the others wait and find it (CREATE … IF NOT EXISTS alone races).
      await client.query("BEGIN");
      await client.query("SELECT pg_advisory_xact_lock($1, 0)", [LOCK_NAMESPACE]);
      await client.query(CREATE_TABLE);
      await client.query("COMMIT");
      client.release();
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      client.release(error instanceof Error ? error : true);
      throw error;
    }
  }

  const countOf = async (client: pg.ClientBase, userId: string) => {
    const parameters: unknown[] = [userId];
    const query = `SELECT count(*) AS open FROM live_streams WHERE user_id = $1 AND expires_at > ${timeIn(parameters)}`;
    return Number((await client.query<{ open: string }>(query, parameters)).rows[0]?.open ?? 0);
  };

  /** Deletes the rows of processes of this host that no longer run, among `workers`. */
  async function removeGone(client: pg.ClientBase, workers: string[]): Promise<number> {
    const gone = workers.filter((name) => name !== worker && !isRunningHere(name));
    if (gone.length === 0) return 0;
    return (await client.query("DELETE FROM live_streams WHERE worker = ANY($1::text[])", [gone])).rowCount ?? 0;
  }

  const removeExpired = async (client: pg.ClientBase) => {
    const parameters: unknown[] = [];
    return (await client.query(`DELETE FROM live_streams WHERE expires_at <= ${timeIn(parameters)}`, parameters)).rowCount ?? 0;
  };

  return {
    claim: (userId, limit) =>
      inTransaction(async (client) => {
        // One member's claims queue on a lock of their own (two boxes claiming the last place at
        // once cannot both get it); other members' claims do not wait.
        await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [LOCK_NAMESPACE, userId]);
        let open = await countOf(client, userId);
        if (open >= limit) {
          // Before refusing, forget streams of workers that died without closing them.
          await removeExpired(client);
          const workers = (await client.query<{ worker: string }>("SELECT DISTINCT worker FROM live_streams WHERE user_id = $1", [userId])).rows.map((row) => row.worker);
          await removeGone(client, workers);
          open = await countOf(client, userId);
          if (open >= limit) return null;
        }
        const id = randomUUID();
        const parameters: unknown[] = [id, userId, worker];
        await client.query(`INSERT INTO live_streams (id, user_id, worker, expires_at) VALUES ($1, $2, $3, ${timeIn(parameters, STREAM_TTL_MS)})`, parameters);
        return id;
      }),
    release: async (streamId) => {
      await inTransaction((client) => client.query("DELETE FROM live_streams WHERE id = $1", [streamId]));
    },
    renew: async (streamIds) => {
      if (streamIds.length === 0) return [];
      const parameters: unknown[] = [streamIds];
      const query = `UPDATE live_streams SET expires_at = ${timeIn(parameters, STREAM_TTL_MS)} WHERE id = ANY($1::text[]) AND expires_at > ${timeIn(parameters)} RETURNING id`;
      const renewed = new Set((await inTransaction((client) => client.query<{ id: string }>(query, parameters))).rows.map((row) => row.id));
      return streamIds.filter((id) => !renewed.has(id));
    },
    sweep: () =>
      inTransaction(async (client) => {
        const workers = (await client.query<{ worker: string }>("SELECT DISTINCT worker FROM live_streams")).rows.map((row) => row.worker);
        return (await removeExpired(client)) + (await removeGone(client, workers));
      }),
    countOf: (userId) => inTransaction((client) => countOf(client, userId)),
    close: () => pool.end(),
  };
}
