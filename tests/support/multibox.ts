/**
 * Several boxes on one PostgreSQL (docs/operations.md, "Running several boxes"; decision 0109): a
 * throwaway PostgreSQL server (scripts/lib/postgres-server.ts), two built app servers as separate
 * process trees (each its own process group, so `kill -9` reaches its workers) on two ports, each
 * from its own copy of the build with its own data folder (nothing shared through the local disk),
 * the same SESSION_SECRET and DATABASE_URL, and the round-robin proxy of round-robin-proxy.ts in
 * front (TRUST_PROXY=1 on the boxes). Used by tests/multibox.e2e.ts.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { killAppServer, lastLines, startAppServer, stopAppServer, type AppServer } from "../../scripts/lib/app-server";
import { startPostgresServer, type PostgresServer } from "../../scripts/lib/postgres-server";
import { snapshotApp } from "./app-snapshot";
import { ADMIN_EMAIL } from "./constants";
import { startRoundRobinProxy, type RoundRobinProxy } from "./round-robin-proxy";

export type Box = { name: string; server: AppServer; directory: string; url: string };

export type MultiBox = {
  postgres: PostgresServer;
  proxy: RoundRobinProxy;
  boxes: Box[];
  /** Runs SQL on the shared database (what the boxes committed). */
  query: <Row extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<Row[]>;
  /** kill -9 of the box's whole process tree (its primary and workers). */
  killBox: (box: Box) => Promise<void>;
  stop: () => Promise<void>;
};

export type MultiBoxOptions = {
  /** How many boxes (default 2). */
  boxes?: number;
  /** Each box's WEB_CONCURRENCY (default 1: one HTTP worker, as the tests measure boxes, not workers). */
  webConcurrency?: number;
  /** Added to every box's environment. */
  env?: Record<string, string>;
};

/** Starts PostgreSQL, the boxes and the proxy; stops whatever started when a later step fails. */
export async function startMultiBox({ boxes: boxCount = 2, webConcurrency = 1, env = {} }: MultiBoxOptions = {}): Promise<MultiBox> {
  const root = mkdtempSync(path.join(tmpdir(), "quads-multibox-"));
  const postgres = await startPostgresServer({ database: "quads_multibox" });
  const proxy = await startRoundRobinProxy();
  const pool = new pg.Pool({ connectionString: postgres.url, max: 2 });
  pool.on("error", () => undefined); // an idle connection ended by the server's stop at the end
  const boxes: Box[] = [];
  const stop = async () => {
    await proxy.stop();
    await Promise.all(boxes.map((box) => stopAppServer(box.server, 10_000)));
    await pool.end();
    await postgres.stop();
    if (process.env.E2E_KEEP_TMP) console.log(`multibox: the boxes' logs and data kept in ${root}`);
    else rmSync(root, { recursive: true, force: true });
  };
  try {
    const sessionSecret = randomBytes(24).toString("hex");
    for (let index = 0; index < boxCount; index += 1) {
      const name = String.fromCharCode(65 + index); // A, B, …
      const directory = path.join(root, `box-${name}`);
      await snapshotApp(directory);
      const server = await startAppServer({
        cwd: directory,
        // On PostgreSQL a box's files (pid file, .eml mail, uploads) go to ./data of its own directory.
        databasePath: path.join(directory, "data", "postgres"),
        logFile: path.join(root, `box-${name}.log`),
        detached: true,
        timeoutMs: 60_000,
        env: {
          DATABASE_URL: postgres.url,
          SESSION_SECRET: sessionSecret,
          TRUST_PROXY: "1",
          WEB_CONCURRENCY: String(webConcurrency),
          // Links in mail and feeds name the address members use: the proxy's.
          PUBLIC_URL: proxy.url,
          ADMIN_EMAIL,
          LOG_LEVEL: "info",
          NEW_MEMBER_HOURS: "0",
          NEW_MEMBER_MIN_POSTS: "0",
          POST_RATE_LIMIT: "100000",
          ...env,
        },
      });
      boxes.push({ name, server, directory, url: server.baseURL });
    }
    proxy.setBackends(boxes.map((box) => box.url));
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return {
    postgres,
    proxy,
    boxes,
    query: async <Row extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await pool.query<Row>(text, values)).rows,
    killBox: async (box) => {
      killAppServer(box.server, "SIGKILL");
      await box.server.exited;
    },
    stop,
  };
}

/** A box's output, for a failing test's message. */
export function boxLog(box: Box): string {
  return lastLines(box.server.output(), 40);
}
