/**
 * The cluster-wide register of open live-update streams (docs/discussions.md, "Live updates";
 * decision 0070): the per-member limit counts every worker's streams, not one worker's.
 *
 * One small table, `live_streams` (stream id, member, worker, expiry), in its own SQLite file
 * beside the database (`data/quads.live.db` for `data/quads.db`), shared by every process that opens that database.
 * Not in the main file on purpose: a stream opens on every page a member loads with JavaScript
 * and is renewed every heartbeat, and any write to the main file moves its write version, which
 * would make every page-cache entry stale (decision 0067) and every worker recompute every
 * stream (decision 0070). The rows are disposable; losing the file loses nothing.
 *
 * A row goes when its stream ends (closed by the member, or by the worker on SIGTERM). A worker
 * that dies without closing leaves rows behind: they expire (`STREAM_TTL_MS` after the last
 * renewal; each worker renews its streams' rows every RENEW_INTERVAL_MS), and rows of a process of this host
 * that no longer runs are removed at once when a worker starts and before any refusal.
 *
 * On PostgreSQL the register is a table of that database instead (stream-registry-pg.server.ts),
 * so the limit holds across every box sharing it (docs/decisions/0109-several-boxes.md). Both
 * registers keep the same rules and answer through the same asynchronous interface.
 */
import Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import path from "node:path";

type Statements = {
  count: Database.Statement<[string, number], number>;
  insert: Database.Statement<[string, string, string, number]>;
  remove: Database.Statement<[string]>;
  renew: Database.Statement<[number, string, number], string>;
  workersOf: Database.Statement<[string], string>;
  removeExpired: Database.Statement<[number]>;
  removeWorker: Database.Statement<[string]>;
  workers: Database.Statement<[], string>;
};

export type StreamRegistry = {
  /** The stream's id when the member has fewer than `limit` open streams in the cluster, else null. */
  claim: (userId: string, limit: number) => Promise<string | null>;
  /** Forgets an ended stream. */
  release: (streamId: string) => Promise<void>;
  /**
   * Pushes back the expiry of the streams this worker holds (every RENEW_INTERVAL_MS), by id: a
   * row this worker lost track of still expires. Returns the ids whose rows had already expired or
   * were removed: those places may have been given to other streams, so their streams must end
   * (the browser reconnects and claims again) rather than count twice.
   */
  renew: (streamIds: string[]) => Promise<string[]>;
  /** Removes expired rows and rows of processes of this host that no longer run; how many. */
  sweep: () => Promise<number>;
  /** The member's open streams across the cluster (tests, operations). */
  countOf: (userId: string) => Promise<number>;
  close: () => Promise<void>;
};

/**
 * A worker's rows outlive its last renewal by this much: the places of a box killed without closing
 * its streams are free again this long after its last renewal at most (decision 0118).
 */
export const STREAM_TTL_MS = 15_000;
/** Each worker renews its streams' rows this often (from its live tick): a renewal may be two intervals late before a row expires. */
export const RENEW_INTERVAL_MS = 5_000;

const processNonce = randomUUID().slice(0, 8);

/**
 * This process, as named in `live_streams.worker`: host, process id and a per-process nonce (a
 * restarted container may give a new worker the process id of a dead one).
 */
export const currentWorkerName = () => `${hostname()}:${process.pid}:${processNonce}`;

/** Whether the worker that wrote a row may still run: false only when it surely does not (another box's: only expiry tells). */
export function isRunningHere(worker: string): boolean {
  const [nonce, pidText, ...hostParts] = worker.split(":").reverse();
  if (hostParts.reverse().join(":") !== hostname() || nonce === undefined) return true; // another box: only expiry tells
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return worker === currentWorkerName(); // our process id, an earlier process's rows
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Opens (creating when needed) the register in `filePath` for the worker named `worker`. */
export function openStreamRegistry({ filePath, worker = currentWorkerName(), now = Date.now }: { filePath: string; worker?: string; now?: () => number }): StreamRegistry {
  const sqlite = new Database(filePath);
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("journal_mode = WAL");
  // Disposable rows: a power cut may lose the last writes, which only frees places.
  sqlite.pragma("synchronous = OFF");
  sqlite.exec(`CREATE TABLE IF NOT EXISTS live_streams (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    worker TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS live_streams_user_idx ON live_streams (user_id, expires_at);
  CREATE INDEX IF NOT EXISTS live_streams_worker_idx ON live_streams (worker);`);
  const statements: Statements = {
    count: sqlite.prepare<[string, number], number>("SELECT count(*) FROM live_streams WHERE user_id = ? AND expires_at > ?").pluck(),
    insert: sqlite.prepare("INSERT INTO live_streams (id, user_id, worker, expires_at) VALUES (?, ?, ?, ?)"),
    remove: sqlite.prepare("DELETE FROM live_streams WHERE id = ?"),
    renew: sqlite.prepare<[number, string, number], string>("UPDATE live_streams SET expires_at = ? WHERE id IN (SELECT value FROM json_each(?)) AND expires_at > ? RETURNING id").pluck(),
    workersOf: sqlite.prepare<[string], string>("SELECT DISTINCT worker FROM live_streams WHERE user_id = ?").pluck(),
    removeExpired: sqlite.prepare("DELETE FROM live_streams WHERE expires_at <= ?"),
    removeWorker: sqlite.prepare("DELETE FROM live_streams WHERE worker = ?"),
    workers: sqlite.prepare<[], string>("SELECT DISTINCT worker FROM live_streams").pluck(),
  };
  const removeGone = (workers: string[]) => {
    let removed = 0;
    for (const name of workers) if (name !== worker && !isRunningHere(name)) removed += statements.removeWorker.run(name).changes;
    return removed;
  };
  const sweep = () => sqlite.transaction(() => statements.removeExpired.run(now()).changes + removeGone(statements.workers.all())).immediate();

  const claim = (userId: string, limit: number) =>
    sqlite
      .transaction(() => {
        // IMMEDIATE: two workers claiming the member's last place at once cannot both get it.
        let open = statements.count.get(userId, now()) ?? 0;
        if (open >= limit) {
          // Before refusing, forget streams of workers that died without closing them.
          statements.removeExpired.run(now());
          removeGone(statements.workersOf.all(userId));
          open = statements.count.get(userId, now()) ?? 0;
          if (open >= limit) return null;
        }
        const id = randomUUID();
        statements.insert.run(id, userId, worker, now() + STREAM_TTL_MS);
        return id;
      })
      .immediate();

  // better-sqlite3 answers at once; the promises only match the PostgreSQL register's interface.
  return {
    claim: async (userId, limit) => claim(userId, limit),
    release: async (streamId) => {
      statements.remove.run(streamId);
    },
    renew: async (streamIds) => {
      if (streamIds.length === 0) return [];
      const renewed = new Set(statements.renew.all(now() + STREAM_TTL_MS, JSON.stringify(streamIds), now()));
      return streamIds.filter((id) => !renewed.has(id));
    },
    sweep: async () => sweep(),
    countOf: async (userId) => statements.count.get(userId, now()) ?? 0,
    close: async () => {
      sqlite.close();
    },
  };
}

/** `data/quads.db` → `data/quads.live.db`: beside the database, and ignored by git like it. */
export function registryPathFor(databasePath: string): string {
  return path.join(path.dirname(databasePath), `${path.basename(databasePath).replace(/\.[^.]*$/, "")}.live.db`);
}
