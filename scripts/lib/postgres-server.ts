/**
 * A throwaway PostgreSQL server for tests and scripts (docs/decisions/0103-throwaway-postgres-for-tests.md):
 * Debian's binaries (`/usr/lib/postgresql/<15 or newer>/bin`, or `QUADS_PG_BIN`), a fresh cluster in a
 * temp directory, on a free loopback port with its socket directory inside that temp directory.
 *
 * PostgreSQL refuses to run as root: as root (CI), the server runs as the system user `quadspg`,
 * created on first use. The server runs under a small `sh` supervisor whose standard input is a pipe
 * from this process: `stop()` closes it, and so does this process' death in any way (Ctrl-C, a
 * crash, kill -9), after which the supervisor stops PostgreSQL (fast shutdown) and deletes the
 * directory. Nothing is left behind whatever happens to the test run.
 *
 * The benchmark keeps one cluster between runs instead (`keptDirectory`: the large community copied
 * once, scripts/lib/bench-postgres.ts): the same server, started on that directory and stopped
 * without deleting it.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./app-server";
// The binaries: the newest Debian `/usr/lib/postgresql/<15 or newer>/bin`, or QUADS_PG_BIN (shared with the backup scripts).
import { findPostgresBinaries } from "./postgres-tools.mjs";

/** The system user the server runs as when this process is root. */
export const POSTGRES_TEST_USER = "quadspg";

export type PostgresServer = {
  /** postgres://postgres@127.0.0.1:<port>/<database> (trust authentication, loopback only). */
  url: string;
  port: number;
  /** The cluster's directory (data/ and the socket). Deleted by stop(). */
  directory: string;
  /** Which binaries run it, and their major version. */
  binDirectory: string;
  majorVersion: number;
  /** A URL for another database on the same server. */
  urlFor(database: string): string;
  /** Creates an empty database (owned by the superuser) and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops PostgreSQL (`pg_ctl stop -m fast`: sessions ended, nothing lost), keeping the cluster; resolves once it is down. */
  shutDown(): Promise<void>;
  /** Starts it again after shutDown(), on the same port; resolves once it accepts connections. */
  startAgain(): Promise<void>;
  /** The postmaster's process id (its backends are its children: the benchmark sums their CPU time). */
  postmasterPid(): number | undefined;
  stop(): Promise<void>;
};

export type StartPostgresOptions = {
  /** The database created at start (default "quads_test"; left alone when a kept cluster has it already). */
  database?: string;
  /** The port to try first (a free one otherwise); a port taken meanwhile is retried elsewhere. */
  port?: number;
  /** Extra server settings (`name` → value, passed as `-c name=value`), e.g. `shared_preload_libraries`. */
  settings?: Record<string, string>;
  /**
   * A cluster kept between runs in this directory: initdb only when it holds none yet, and stop()
   * leaves it (the benchmark's copied large community). Without it, a fresh temp directory deleted at stop.
   */
  keptDirectory?: string;
};

/** The uid/gid to run PostgreSQL as: this process' own, or the dedicated user's when we are root (created when missing). */
function serverIdentity(): { uid: number; gid: number; home: string } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = () => spawnSync("id", ["-u", POSTGRES_TEST_USER], { encoding: "utf8" });
  if (lookup().status !== 0) {
    const created = spawnSync("useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", POSTGRES_TEST_USER], { encoding: "utf8" });
    // Another process may have created it at the same moment: only a still-missing user is an error.
    if (created.status !== 0 && lookup().status !== 0) throw new Error(`Could not create the system user ${POSTGRES_TEST_USER} for PostgreSQL: ${created.stderr.trim()}`);
  }
  const uid = Number(lookup().stdout.trim());
  const gid = Number(spawnSync("id", ["-g", POSTGRES_TEST_USER], { encoding: "utf8" }).stdout.trim());
  return { uid, gid, home: "/" };
}

/**
 * The supervisor: starts postgres, waits for its standard input to close, stops postgres, deletes
 * the cluster. Lines on its input: "stop" stops postgres as an operator would (`pg_ctl stop -m
 * fast`), keeping the cluster, and "start" starts it again (an outage test's PostgreSQL restart).
 */
const SUPERVISOR = `
start_postgres() {
  "$PG_BIN/postgres" -D "$PG_DIR/data" -p "$PG_PORT" -k "$PG_DIR" -c listen_addresses=127.0.0.1 \\
    -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 \\
    -c shared_buffers=64MB -c log_min_messages=warning -c logging_collector=off $PG_SETTINGS &
  pg=$!
  echo "supervisor: postgres $pg"
}
start_postgres
# The parent closes our standard input when it is done, or when it dies. A "keep" line first:
# the parent retries on another port with the same cluster, so the directory stays.
keep=""
while read -r line; do
  case "$line" in
    keep) keep=1 ;;
    stop) "$PG_BIN/pg_ctl" stop -D "$PG_DIR/data" -m fast -s; wait "$pg"; echo "supervisor: stopped" ;;
    start) start_postgres ;;
  esac
done
kill -INT "$pg" 2>/dev/null
wait "$pg"
[ -n "$keep" ] || [ -n "$PG_KEEP" ] || rm -rf "$PG_DIR"
`;

async function hasDatabase(adminUrl: string, name: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
  } finally {
    await admin.end();
  }
}

async function waitUntilReady(url: string, child: ChildProcess, log: () => string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // The supervisor outlives a postgres that failed (it waits for its input): read postgres' own words.
    if (child.exitCode !== null || /could not bind|Address already in use|could not create any TCP\/IP sockets|PANIC/.test(log())) throw new Error(`PostgreSQL stopped while starting:\n${log()}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.query("select 1");
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not accept connections within ${timeoutMs} ms (${String(error)}):\n${log()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

/**
 * Starts a server (a fresh one unless `keptDirectory` holds a cluster) and creates `database` on it
 * (default "quads_test"). About 2 s on a quiet box. See StartPostgresOptions.
 */
export async function startPostgresServer({ database = "quads_test", port: firstPort, settings = {}, keptDirectory }: StartPostgresOptions = {}): Promise<PostgresServer> {
  const { binDirectory, majorVersion } = findPostgresBinaries();
  const identity = serverIdentity();
  const isKept = keptDirectory !== undefined;
  const directory = isKept ? path.resolve(keptDirectory) : mkdtempSync(path.join(tmpdir(), "quads-pg-"));
  const removeDirectory = () => {
    if (!isKept) rmSync(directory, { recursive: true, force: true });
  };
  mkdirSync(directory, { recursive: true });
  chmodSync(directory, 0o700);
  if (identity) chownSync(directory, identity.uid, identity.gid);
  const asServer = identity ? { uid: identity.uid, gid: identity.gid } : {};
  for (const [name, value] of Object.entries(settings)) {
    if (!/^[a-z_.]+$/.test(name) || !/^[\w.,:-]+$/.test(value)) throw new Error(`Not a plain server setting: ${name}=${value}`);
  }
  const env = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    LANG: "C.UTF-8",
    LC_ALL: "C.UTF-8",
    HOME: identity?.home ?? process.env.HOME ?? "/",
    PG_BIN: binDirectory,
    PG_DIR: directory,
    PG_SETTINGS: Object.entries(settings)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(" "),
    ...(isKept ? { PG_KEEP: "1" } : {}),
  };

  const hasCluster = isKept && existsSync(path.join(directory, "data", "PG_VERSION"));
  const initdb = hasCluster ? { status: 0, stderr: "", stdout: "" } : spawnSync(
    path.join(binDirectory, "initdb"),
    ["-D", path.join(directory, "data"), "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8", "--no-sync", "--no-instructions"],
    { ...asServer, env, encoding: "utf8", cwd: directory },
  );
  if (initdb.status !== 0) {
    removeDirectory();
    throw new Error(`initdb failed (${binDirectory}):\n${initdb.stderr || initdb.stdout}`);
  }

  let lastError: unknown;
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const port = attempt === 1 && firstPort ? firstPort : await freePort();
    const output: string[] = [];
    const child = spawn("/bin/sh", ["-c", SUPERVISOR], { ...asServer, env: { ...env, PG_PORT: String(port) }, cwd: directory, stdio: ["pipe", "pipe", "pipe"], detached: true });
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    // The pipes must not keep this process alive on their own (a forgotten stop() then still ends with the process).
    for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as { unref?: () => void } | null)?.unref?.();
    const urlFor = (name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
    try {
      await waitUntilReady(urlFor("postgres"), child, () => output.join(""));
    } catch (error) {
      lastError = error;
      child.stdin?.end("keep\n");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (/could not bind|Address already in use/i.test(output.join(""))) continue;
      break;
    }
    child.unref();
    let stopped: Promise<void> | undefined;
    const server: PostgresServer = {
      url: urlFor(database),
      port,
      directory,
      binDirectory,
      majorVersion,
      urlFor,
      postmasterPid() {
        try {
          return Number(readFileSync(path.join(directory, "data", "postmaster.pid"), "utf8").split("\n")[0]) || undefined;
        } catch {
          return undefined;
        }
      },
      async createDatabase(name) {
        if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
        const admin = new pg.Client({ connectionString: urlFor("postgres") });
        await admin.connect();
        try {
          await admin.query(`create database ${name}`);
        } finally {
          await admin.end();
        }
        return urlFor(name);
      },
      async shutDown() {
        const stoppedBefore = output.join("").split("supervisor: stopped").length;
        child.stdin?.write("stop\n");
        const deadline = Date.now() + 30_000;
        while (output.join("").split("supervisor: stopped").length === stoppedBefore) {
          if (child.exitCode !== null || Date.now() > deadline) throw new Error(`PostgreSQL did not stop:\n${output.join("")}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      },
      async startAgain() {
        child.stdin?.write("start\n");
        await waitUntilReady(urlFor("postgres"), child, () => output.join(""));
      },
      stop() {
        stopped ??= (async () => {
          child.ref(); // keep this process alive until the supervisor has cleaned up
          child.stdin?.end();
          await exited;
          removeDirectory();
        })();
        return stopped;
      },
    };
    try {
      // initdb makes "postgres"; a kept cluster may hold `database` from an earlier run.
      const exists = database === "postgres" || (hasCluster && (await hasDatabase(urlFor("postgres"), database)));
      if (!exists) await server.createDatabase(database);
    } catch (error) {
      await server.stop();
      throw error;
    }
    return server;
  }
  removeDirectory();
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}
