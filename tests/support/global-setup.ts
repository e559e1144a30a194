/**
 * Starts the built app (`node build/server.js`, production mode, two cluster workers unless
 * E2E_WEB_CONCURRENCY says otherwise) on a free port with a fresh
 * SQLite database in a temp directory, waits for /healthz, hands the base URL to the tests
 * (`inject("baseURL")`) and stops the server afterwards.
 *
 * The server runs from a snapshot of build/, db/migrations and public/ in the temp directory
 * (node_modules linked), so a rebuild in the working tree during the run cannot swap the client
 * assets under a running server (which would break hydration half-way through the suite).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { ADMIN_EMAIL } from "./constants";
import { freePort } from "./server-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** The e2e server's SQLite file, for test setup that has no UI yet (e.g. making a moderator). */
    databasePath: string;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const STARTUP_TIMEOUT_MS = 30_000;

function tail(file: string, lines = 60): string {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "(no server output)";
  }
}

async function waitForHealthy(baseURL: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let lastError = "";
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The app server exited during start (code ${child.exitCode ?? child.signalCode}). Its output:\n${tail(logFile)}`);
    }
    try {
      const response = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastError = `GET /healthz answered ${response.status}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`The app server did not answer GET /healthz with 200 within ${STARTUP_TIMEOUT_MS / 1000} s (${lastError}). Its output:\n${tail(logFile)}`);
}

/** Whether every /assets file the server build links to is in the client build (no half-written build). */
function missingAssets(appDirectory: string): string[] {
  const serverBuild = readFileSync(path.join(appDirectory, "build/server/index.js"), "utf8");
  const referenced = new Set(serverBuild.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? []);
  return [...referenced].filter((asset) => !existsSync(path.join(appDirectory, "build/client", asset)));
}

/** Copies what `node build/server.js` reads at run time into `appDirectory`; retries if a build was in progress. */
async function snapshotApp(appDirectory: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const before = statSync(path.join(repoRoot, "build/server/index.js")).mtimeMs;
    rmSync(appDirectory, { recursive: true, force: true });
    mkdirSync(path.join(appDirectory, "db"), { recursive: true });
    cpSync(path.join(repoRoot, "build"), path.join(appDirectory, "build"), { recursive: true });
    cpSync(path.join(repoRoot, "db/migrations"), path.join(appDirectory, "db/migrations"), { recursive: true });
    if (existsSync(path.join(repoRoot, "public"))) cpSync(path.join(repoRoot, "public"), path.join(appDirectory, "public"), { recursive: true });
    cpSync(path.join(repoRoot, "package.json"), path.join(appDirectory, "package.json"));
    symlinkSync(path.join(repoRoot, "node_modules"), path.join(appDirectory, "node_modules"), "dir");
    const after = statSync(path.join(repoRoot, "build/server/index.js")).mtimeMs;
    const missing = missingAssets(appDirectory);
    if (before === after && missing.length === 0) return;
    if (attempt >= 10) {
      throw new Error(`The build in ${repoRoot}/build is incomplete (missing ${missing.join(", ") || "nothing, but it kept changing"}): Run npm run build first.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(repoRoot, "build/server.js")) || !existsSync(path.join(repoRoot, "build/server/index.js"))) {
    throw new Error("build/server.js is missing: Run npm run build first (npm run test:e2e expects a production build).");
  }
  const tempDirectory = mkdtempSync(path.join(tmpdir(), "quads-e2e-"));
  const appDirectory = path.join(tempDirectory, "app");
  await snapshotApp(appDirectory);
  const logFile = path.join(tempDirectory, "server.log");
  const logFd = openSync(logFile, "a");
  const port = await freePort();
  const databasePath = path.join(tempDirectory, "e2e.db");
  const baseURL = `http://127.0.0.1:${port}`;

  const child = spawn(process.execPath, ["build/server.js"], {
    cwd: appDirectory,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${databasePath}`,
      SEED_DEMO: "false",
      ADMIN_EMAIL,
      AUTH_RATE_LIMIT_PER_IP: "10000",
      // The suite's members are brand new and some post many links quickly: new-member limits
      // (docs/moderation.md) are off here; app/features/moderation tests them.
      NEW_MEMBER_HOURS: "0",
      NEW_MEMBER_MIN_POSTS: "0",
      COOKIE_SECURE: "false",
      // The suite runs against a cluster (a primary and two workers), as production does by
      // default on a 2-core box: every flow also checks that nothing depends on one process.
      WEB_CONCURRENCY: process.env.E2E_WEB_CONCURRENCY ?? "2",
    },
    stdio: ["ignore", logFd, logFd],
  });
  closeSync(logFd);
  let running = false;
  child.once("exit", (code, signal) => {
    if (running) console.error(`\ne2e: the app server stopped during the run (${signal ?? `exit code ${code}`}). Its output:\n${tail(logFile)}`);
  });

  try {
    await waitForHealthy(baseURL, child, logFile);
  } catch (error) {
    await stop(child);
    throw error;
  }

  running = true;
  project.provide("baseURL", baseURL);
  project.provide("databasePath", databasePath);

  return async () => {
    running = false;
    await stop(child);
    if (process.env.E2E_KEEP_TMP) {
      console.log(`e2e: server log and database kept in ${tempDirectory}`);
    } else {
      rmSync(tempDirectory, { recursive: true, force: true });
    }
  };
}
