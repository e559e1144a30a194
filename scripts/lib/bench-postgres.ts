/**
 * The PostgreSQL side of the benchmark (`npm run bench -- --engine postgres|both`, docs/scaling.md):
 *
 * - the large community (data/large.db) copied ONCE with db:copy's library (scripts/lib/db-copy.ts)
 *   into a cluster kept beside it (`data/large.pg/`, a throwaway server of scripts/lib/postgres-server.ts
 *   that is not deleted at stop), as the database `quads_large`. The copy is made again when the
 *   SQLite community or the PostgreSQL migrations changed (a small stamp file says what was copied);
 * - a fresh database per run made from it as a template (a file copy, seconds): the mix writes,
 *   the copy stays as it was;
 * - a probe of what PostgreSQL spent: the CPU time of its processes (/proc: the postmaster, its
 *   backends, and the backends that ended meanwhile) and the statements it ran in the run's
 *   database (pg_stat_statements: every statement the app sends is one round trip, BEGIN and COMMIT included).
 */
import Database from "better-sqlite3";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { repoRoot } from "./app-server";
import { copyDatabase, openCopyEndpoint } from "./db-copy";
import { startPostgresServer, type PostgresServer } from "./postgres-server";
import { processTree } from "./process-tree";

/** The copied large community: never served, only a template for each run's database. */
const TEMPLATE = "quads_large";
const STAMP = "copied-from.json";

export type DatabaseSample = { cpuMs: number; statements: number; execMs: number };

/** What the database server spent so far; the bench takes the difference around a measured run. */
export type DatabaseProbe = {
  sample(): Promise<DatabaseSample>;
  /** The statements that took the most execution time in the database so far (where PostgreSQL's CPU went). */
  topStatements(limit: number): Promise<Array<{ query: string; calls: number; totalMs: number; meanMs: number }>>;
  close(): Promise<void>;
};

export type BenchPostgres = {
  server: PostgresServer;
  /** A new database holding the large community (from the template), named `name`; its URL. */
  freshDatabase(name: string): Promise<string>;
  dropDatabase(name: string): Promise<void>;
  /** CPU of the whole server, statements and their execution time in database `name`. */
  probe(name: string): DatabaseProbe;
  stop(): Promise<void>;
};

/** What identifies a copy: the community's counts and schema on SQLite, and PostgreSQL's migrations. */
function sourceStamp(largeDb: string): string {
  const db = new Database(largeDb, { readonly: true, fileMustExist: true });
  try {
    const count = (query: string) => (db.prepare(query).get() as { n: number }).n;
    return JSON.stringify({
      source: path.resolve(largeDb),
      users: count("select count(*) as n from users"),
      posts: count("select count(*) as n from posts"),
      replies: count("select count(*) as n from replies"),
      maxPostId: count("select coalesce(max(id), 0) as n from posts"),
      messages: count("select count(*) as n from messages"),
      sqliteMigrations: count("select count(*) as n from __drizzle_migrations"),
      postgresMigrations: readdirSync(path.join(repoRoot, "db/migrations-pg")).filter((file) => file.endsWith(".sql")).sort(),
    });
  } finally {
    db.close();
  }
}

/** CPU time (ms) of a process tree, plus what its root collected from children that ended (cutime + cstime). */
function treeCpuMs(rootPid: number | undefined): number {
  if (!rootPid) return NaN;
  let ticks = processTree(rootPid).reduce((total, entry) => total + entry.cpuTicks, 0);
  try {
    const stat = readFileSync(`/proc/${rootPid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(fields[13]) + Number(fields[14]);
  } catch {
    return NaN;
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Starts the kept cluster for `largeDb` (`<name>.pg/` beside it), copying the community into it
 * first when it holds no copy of this community yet (about 100–200 s on this box; then seconds).
 */
export async function openBenchPostgres(largeDb: string): Promise<BenchPostgres> {
  const directory = largeDb.replace(/\.db$/, "") + ".pg";
  const stamp = sourceStamp(largeDb);
  const stampFile = path.join(directory, STAMP);
  const isCopied = existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp;
  if (!isCopied) rmSync(directory, { recursive: true, force: true });
  const server = await startPostgresServer({
    database: "postgres",
    keptDirectory: directory,
    settings: { shared_preload_libraries: "pg_stat_statements", "pg_stat_statements.track_utility": "on", "pg_stat_statements.max": "10000" },
  });
  try {
    const admin = server.urlFor("postgres");
    await withClient(admin, (client) => client.query("create extension if not exists pg_stat_statements"));
    if (!isCopied) {
      console.log(`Copying ${largeDb} into PostgreSQL ${server.majorVersion} (${directory}, kept for the next runs)…`);
      const started = Date.now();
      await server.createDatabase(TEMPLATE);
      const source = await openCopyEndpoint(`file:${largeDb}`, { mustExist: true });
      const target = await openCopyEndpoint(server.urlFor(TEMPLATE), { mustExist: false });
      try {
        const result = await copyDatabase({ source, target });
        if (!result.isEqual) throw new Error(`The copy of ${largeDb} does not match its source: ${result.comparison.filter((line) => !line.isEqual).map((line) => line.label).join(", ")} ${result.integrityProblems.join("; ")}`);
        console.log(`  ${result.rowsCopied.toLocaleString("en")} rows copied in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      } finally {
        await source.close().catch(() => undefined);
        await target.close().catch(() => undefined);
      }
      writeFileSync(stampFile, stamp);
    }
    const isPlainName = (name: string) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
      return name;
    };
    return {
      server,
      async freshDatabase(name) {
        await withClient(admin, async (client) => {
          await client.query(`drop database if exists ${isPlainName(name)}`);
          await client.query(`create database ${isPlainName(name)} template ${TEMPLATE}`);
        });
        return server.urlFor(name);
      },
      async dropDatabase(name) {
        await withClient(admin, (client) => client.query(`drop database if exists ${isPlainName(name)} with (force)`));
      },
      probe(name) {
        const probeClient = new pg.Client({ connectionString: admin });
        let connected: Promise<void> | undefined;
        return {
          async sample() {
            connected ??= probeClient.connect().then(() => {
              // The probe's own connection stays open (it is one idle backend) and is not counted:
              // only statements in the measured database are.
              probeClient.on("error", () => undefined);
            });
            await connected;
            const cpuMs = treeCpuMs(server.postmasterPid());
            const { rows } = await probeClient.query<{ statements: number; execMs: number }>(
              `select coalesce(sum(calls), 0)::float8 as statements, coalesce(sum(total_exec_time), 0)::float8 as "execMs"
                 from pg_stat_statements where dbid = (select oid from pg_database where datname = $1)`,
              [name],
            );
            return { cpuMs, statements: rows[0].statements, execMs: rows[0].execMs };
          },
          async topStatements(limit) {
            await (connected ??= probeClient.connect().then(() => void probeClient.on("error", () => undefined)));
            const { rows } = await probeClient.query<{ query: string; calls: number; totalMs: number; meanMs: number }>(
              `select query, calls::float8 as calls, total_exec_time::float8 as "totalMs", mean_exec_time::float8 as "meanMs"
                 from pg_stat_statements where dbid = (select oid from pg_database where datname = $1)
                 order by total_exec_time desc limit $2`,
              [name, limit],
            );
            return rows;
          },
          async close() {
            if (connected) await probeClient.end().catch(() => undefined);
          },
        };
      },
      stop: () => server.stop(),
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
