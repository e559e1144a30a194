/**
 * A private app server for the operations tests (cluster, crash safety, the PostgreSQL operations
 * tests `postgres-*.e2e.ts`): `node build/server.js` on its own temp database and port, in its own
 * process group so a test can `kill -9` the primary and all its workers at once, and restart it on
 * the same database. On SQLite it runs from the working tree on `directory/quads.db`; on PostgreSQL
 * (a postgres:// DATABASE_URL in `env`) from a snapshot of the build in `directory/app`
 * (tests/support/app-snapshot.ts), so its ./data (session secret, uploads, mail) is the test's own.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { killAppServer, repoRoot, signInViaApi, startAppServer, stopAppServer, type AppServer } from "../../scripts/lib/app-server";
import { isPostgresUrl } from "../../scripts/lib/postgres-tools.mjs";
import { snapshotApp } from "./app-snapshot";
import { makeUser, registerViaApi } from "./browser";
import { ADMIN_EMAIL } from "./constants";

export type ServerProcess = AppServer & {
  databasePath: string;
  directory: string;
  logFile: string;
  log: () => string;
};

export function tempDirectory(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `quads-${prefix}-`));
}

/**
 * Starts the built server and waits until /healthz answers 200: on `directory/quads.db`, or on
 * `env.DATABASE_URL` when that is a postgres:// URL (run from `directory/app`, `appDirectory()`).
 */
export async function startServer(directory: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const onPostgres = isPostgresUrl(env.DATABASE_URL ?? "");
  const cwd = onPostgres ? await appDirectory(directory) : undefined;
  // On PostgreSQL the server names its place `<cwd>/data/postgres` (app/utils/env.server.ts): its pid file and mail are beside it.
  const databasePath = cwd ? path.join(cwd, "data", "postgres") : path.join(directory, "quads.db");
  const logFile = path.join(directory, `server-${Date.now()}-${process.pid}.log`);
  const server = await startAppServer({
    databasePath,
    logFile,
    cwd,
    detached: true, // its own process group: kill(-pid) reaches the workers too
    env: { ADMIN_EMAIL, AUTH_RATE_LIMIT_PER_IP: "100000", POST_RATE_LIMIT: "100000", LOG_LEVEL: "info", ...env },
  });
  return { ...server, databasePath, directory, logFile, log: server.output };
}

/**
 * `directory/app`: the build a server on PostgreSQL runs from (copied on first use), its files in
 * `data/` there, and the working tree's scripts/ linked: `npm run backup` / `restore` run there
 * (`runNpm(args, env, app)`) find the uploads and write their files in that `data/`, as on a server.
 */
export async function appDirectory(directory: string): Promise<string> {
  const app = path.join(directory, "app");
  if (!existsSync(path.join(app, "build", "server.js"))) await snapshotApp(app);
  if (!existsSync(path.join(app, "scripts"))) symlinkSync(path.join(repoRoot, "scripts"), path.join(app, "scripts"), "dir");
  return app;
}

/** Runs `npm <args>` (e.g. `run db:copy -- …`) in the working tree, as an operator would: its exit code and output. */
export function runNpm(args: string[], env: Record<string, string | undefined> = {}, cwd = repoRoot): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["--silent", ...args], { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Signals the server's whole process group (primary and workers). */
export const killGroup = killAppServer;

/** SIGTERM, then the exit code; SIGKILL after `timeoutMs`. */
export function stopServer(server: ServerProcess, timeoutMs = 15_000): Promise<number | null> {
  return stopAppServer(server, timeoutMs);
}

/** A new member, registered and signed in through the API: their e-mail, session cookie and id. */
export async function signInNewMember(baseURL: string): Promise<{ email: string; cookie: string; id: string }> {
  const user = makeUser();
  await registerViaApi(baseURL, user);
  return { email: user.email, ...(await signInViaApi(baseURL, user.email, user.password)) };
}

export function removeDirectory(directory: string) {
  rmSync(directory, { recursive: true, force: true });
}

/** The server's JSON request log lines. */
export function requestLogLines(server: ServerProcess): Array<Record<string, unknown>> {
  return server
    .log()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
