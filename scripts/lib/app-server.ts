/**
 * The one way scripts and tests start the production build: `node build/server.js` on a free
 * port of 127.0.0.1 with a given SQLite file, waiting until GET /healthz answers 200. Used by
 * scripts/bench.ts, scripts/slow-view.ts, scripts/lighthouse.ts, tests/support/global-setup.ts and
 * tests/support/server-process.ts (the cluster and crash-safety tests). Each caller adds its own
 * environment (rate limits, demo seed, workers) on top of the base one below.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The member every seeded large community has (scripts/seed-large.ts): the bench signs in as them. */
export const BENCH_EMAIL = "bench@quads.example";
export const BENCH_PASSWORD = "bench-password-123";

/** The repository's root (where build/server.js is). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export type AppServer = {
  baseURL: string;
  port: number;
  child: ChildProcess;
  /** Started in its own process group (`detached`): signals reach the cluster's workers too. */
  isProcessGroup: boolean;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** What the server printed so far (the log file's text, or the last chunks kept in memory). */
  output: () => string;
};

export type StartOptions = {
  databasePath: string;
  /** Added to (and overriding) the base environment: process.env, production, the port, the database, no demo seed, plain-HTTP cookies, PUBLIC_URL = the server's own address. */
  env?: Record<string, string>;
  /** The directory holding build/server.js (default: this checkout). */
  cwd?: string;
  /** Append the server's output to this file; without one it is kept in memory. */
  logFile?: string;
  /** Its own process group, so `killAppServer(server, signal)` reaches the cluster's workers too. */
  detached?: boolean;
  /** How long to wait for /healthz before giving up (default 30 s). */
  timeoutMs?: number;
  /** Extra node flags, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (cluster workers inherit them). */
  nodeArgs?: string[];
  /** What node runs, relative to `cwd` (default `build/server.js`; `scripts/start.mjs` is `npm start`). */
  entry?: string;
};

const KEPT_CHUNKS = 500;

/** A TCP port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

/** Starts the built server and resolves once GET /healthz answers 200; throws with its output if it exits or times out. */
export async function startAppServer({ databasePath, env = {}, cwd = repoRoot, logFile, detached = false, timeoutMs = 30_000, nodeArgs = [], entry = "build/server.js" }: StartOptions): Promise<AppServer> {
  const port = await freePort();
  const fd = logFile ? openSync(logFile, "a") : null;
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd,
    detached,
    stdio: fd === null ? ["ignore", "pipe", "pipe"] : ["ignore", fd, fd],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${databasePath}`,
      SEED_DEMO: "false",
      COOKIE_SECURE: "false",
      // Absolute links (feeds, calendars, e-mails) are built on PUBLIC_URL, never on the request's Host.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
  });
  if (fd !== null) closeSync(fd);
  const chunks: string[] = [];
  const keep = (chunk: Buffer) => {
    chunks.push(chunk.toString());
    if (chunks.length > KEPT_CHUNKS) chunks.shift();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const output = () => {
    if (!logFile) return chunks.join("");
    try {
      return readFileSync(logFile, "utf8");
    } catch {
      return "";
    }
  };
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const server: AppServer = { baseURL: `http://127.0.0.1:${port}`, port, child, isProcessGroup: detached, exited, output };
  const deadline = Date.now() + timeoutMs;
  let lastError = "";
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The app server exited during start (${child.signalCode ?? `exit code ${child.exitCode}`}). Its output:\n${lastLines(output())}`);
    }
    try {
      const response = await fetch(`${server.baseURL}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return server;
      lastError = `GET /healthz answered ${response.status}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) {
      killAppServer(server, "SIGKILL");
      throw new Error(`The app server did not answer GET /healthz with 200 within ${timeoutMs / 1000} s (${lastError}). Its output:\n${lastLines(output())}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Signals the server (its whole process group when started detached: the primary and its workers). */
export function killAppServer({ child, isProcessGroup }: Pick<AppServer, "child" | "isProcessGroup">, signal: NodeJS.Signals) {
  try {
    if (isProcessGroup && child.pid) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // already gone
  }
}

/** SIGTERM, then the exit code; SIGKILL after `timeoutMs`. */
export async function stopAppServer(server: AppServer, timeoutMs = 10_000): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.child.exitCode;
  const force = setTimeout(() => killAppServer(server, "SIGKILL"), timeoutMs);
  server.child.kill("SIGTERM");
  const code = await server.exited;
  clearTimeout(force);
  return code;
}

/** The end of a server's output, for an error message. */
export function lastLines(text: string, lines = 60): string {
  return text ? text.split("\n").slice(-lines).join("\n") : "(no server output)";
}

/** Signs in through POST /api/auth/login: the Cookie header that carries the session, and the member's id. */
export async function signInViaApi(baseURL: string, email: string, password: string): Promise<{ cookie: string; id: string }> {
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  // The session's cookies, not the 10-second mark of a write (server/read-your-writes.ts): a benchmark measures the steady state.
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).filter((cookie) => !cookie.startsWith("quads_wrote="));
  if (cookies.length === 0) throw new Error("Sign-in set no cookie");
  const { id } = (await response.json()) as { id: string };
  return { cookie: cookies.join("; "), id };
}
