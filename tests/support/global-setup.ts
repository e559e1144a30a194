/**
 * Starts the built app (`node build/server.js`, production mode, two cluster workers unless
 * E2E_WEB_CONCURRENCY says otherwise) on a free port with a fresh
 * SQLite database in a temp directory, waits for /healthz, hands the base URL to the tests
 * (`inject("baseURL")`) and stops the server afterwards.
 *
 * QUADS_E2E_ENGINE=postgres: the same on a throwaway PostgreSQL server (scripts/lib/postgres-server.ts,
 * stopped and deleted afterwards; docs/operations.md, "Browser tests on PostgreSQL"). The tests' direct setup SQL goes through tests/support/db.ts on either engine.
 *
 * QUADS_E2E_BOXES=2 (PostgreSQL implied): two boxes on one throwaway PostgreSQL behind the round-robin
 * proxy (tests/support/multibox.ts), their pictures in one S3 bucket (app/test/s3rver.ts), so nothing
 * rests on one box's disk or memory; the tests get the proxy's URL, and read the mail of every box's
 * `data/mail/` (`mailDirectories`). docs/operations.md, "Browser tests on two boxes".
 *
 * The server runs from a snapshot of build/, db/migrations, db/migrations-pg and public/ in the temp directory (tests/support/app-snapshot.ts)
 * (node_modules linked), so a rebuild in the working tree during the run cannot swap the client
 * assets under a running server (which would break hydration half-way through the suite).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { lastLines, repoRoot, startAppServer, stopAppServer } from "../../scripts/lib/app-server";
import { startPostgresServer, type PostgresServer } from "../../scripts/lib/postgres-server";
import { startS3rver } from "../../app/test/s3rver";
import { snapshotApp } from "./app-snapshot";
import { ADMIN_EMAIL } from "./constants";
import { startMultiBox } from "./multibox";

/** What every shared-server run gives the app, on one box or two. */
const suiteEnv = {
  ADMIN_EMAIL,
  AUTH_RATE_LIMIT_PER_IP: "10000",
  // The suite's members are brand new and some post many links quickly: new-member limits
  // (docs/moderation.md) are off here; app/features/moderation tests them.
  NEW_MEMBER_HOURS: "0",
  NEW_MEMBER_MIN_POSTS: "0",
};

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** The e2e server's SQLite file (on PostgreSQL: `<its data directory>/postgres`, as env.server.ts names it); its mail is in `mail/` beside it. */
    databasePath: string;
    /** The server's DATABASE_URL: `file:<databasePath>`, or postgres://… with QUADS_E2E_ENGINE=postgres (tests/support/db.ts). */
    databaseUrl: string;
    /** Where the boxes write their .eml mail (tests/support/mail.ts): `mail/` beside `databasePath`, one per box with QUADS_E2E_BOXES=2. */
    mailDirectories: string[];
    /** The boxes' own addresses, behind `baseURL` (one box: `baseURL` itself), for what only a box does and a proxy in front would hide. */
    boxURLs: string[];
  }
}

export default async function setup(project: TestProject) {
  if (!["build/server.js", "build/server/index.js", "build/mail-worker.js"].every((file) => existsSync(path.join(repoRoot, file)))) {
    throw new Error("build/server.js is missing: Run npm run build first (npm run test:e2e expects a production build).");
  }
  const boxes = process.env.QUADS_E2E_BOXES;
  if (boxes !== undefined && boxes !== "1" && boxes !== "2") throw new Error(`QUADS_E2E_BOXES is 1 or 2, not ${boxes}`);
  if (boxes === "2") return setupTwoBoxes(project);
  const tempDirectory = mkdtempSync(path.join(tmpdir(), "quads-e2e-"));
  const appDirectory = path.join(tempDirectory, "app");
  await snapshotApp(appDirectory);
  const logFile = path.join(tempDirectory, "server.log");
  const engine = process.env.QUADS_E2E_ENGINE ?? "sqlite";
  if (engine !== "sqlite" && engine !== "postgres") throw new Error(`QUADS_E2E_ENGINE is sqlite or postgres, not ${engine}`);
  const postgres: PostgresServer | undefined = engine === "postgres" ? await startPostgresServer({ database: "quads_e2e" }) : undefined;
  // On PostgreSQL the server keeps its files (.eml mail, uploads) in ./data of its directory and names
  // that place `<data>/postgres` (app/utils/env.server.ts): the tests find its mail beside it, as on SQLite.
  const databasePath = postgres ? path.join(appDirectory, "data", "postgres") : path.join(tempDirectory, "e2e.db");
  const databaseUrl = postgres ? postgres.url : `file:${databasePath}`;
  const onPostgres: Record<string, string> = postgres ? { DATABASE_URL: postgres.url } : {};
  const server = await startAppServer({
    cwd: appDirectory,
    databasePath,
    logFile,
    env: {
      ...suiteEnv,
      // The suite runs against a cluster (a primary and two workers), as production does by
      // default on a 2-core box: every flow also checks that nothing depends on one process.
      WEB_CONCURRENCY: process.env.E2E_WEB_CONCURRENCY ?? "2",
      ...onPostgres,
    },
  }).catch(async (error: unknown) => {
    await postgres?.stop();
    throw error;
  });
  let running = true;
  server.child.once("exit", (code, signal) => {
    if (running) console.error(`\ne2e: the app server stopped during the run (${signal ?? `exit code ${code}`}). Its output:\n${lastLines(server.output())}`);
  });
  project.provide("baseURL", server.baseURL);
  project.provide("databasePath", databasePath);
  project.provide("databaseUrl", databaseUrl);
  project.provide("mailDirectories", [path.join(path.dirname(databasePath), "mail")]);
  project.provide("boxURLs", [server.baseURL]);

  return async () => {
    running = false;
    await stopAppServer(server, 5_000);
    await postgres?.stop();
    if (process.env.E2E_KEEP_TMP) {
      console.log(`e2e: server log and database kept in ${tempDirectory}`);
    } else {
      rmSync(tempDirectory, { recursive: true, force: true });
    }
  };
}

/** QUADS_E2E_BOXES=2: two boxes (one HTTP worker each unless E2E_WEB_CONCURRENCY says otherwise), one PostgreSQL, one bucket, the proxy in front. */
async function setupTwoBoxes(project: TestProject) {
  const s3 = await startS3rver({ bucket: "quads-e2e" });
  const multiBox = await startMultiBox({
    webConcurrency: Number(process.env.E2E_WEB_CONCURRENCY ?? "1"),
    // The single box's rate limits (startMultiBox raises the posting one for its own load tests).
    env: { ...suiteEnv, POST_RATE_LIMIT: "10", ...s3.env },
  }).catch(async (error: unknown) => {
    await s3.stop();
    throw error;
  });
  let running = true;
  for (const box of multiBox.boxes) {
    box.server.child.once("exit", (code, signal) => {
      if (running) console.error(`\ne2e: box ${box.name} stopped during the run (${signal ?? `exit code ${code}`}). Its output:\n${lastLines(box.server.output())}`);
    });
  }
  // Box A's place stands for "the server's" in the tests that name one (on PostgreSQL only the folder matters).
  const databasePaths = multiBox.boxes.map((box) => path.join(box.directory, "data", "postgres"));
  project.provide("baseURL", multiBox.proxy.url);
  project.provide("databasePath", databasePaths[0]);
  project.provide("databaseUrl", multiBox.postgres.url);
  project.provide("mailDirectories", databasePaths.map((databasePath) => path.join(path.dirname(databasePath), "mail")));
  project.provide("boxURLs", multiBox.boxes.map((box) => box.url));

  return async () => {
    running = false;
    const { answered, failed } = multiBox.proxy.stats();
    console.log(`e2e: the proxy sent ${Object.values(answered).join(" and ")} requests to the two boxes (${failed} failed)`);
    await multiBox.stop();
    await s3.stop();
  };
}
