/**
 * A private app server for the operations tests (cluster, crash safety): `node build/server.js`
 * from the working tree on its own temp database and port, in its own process group so a test
 * can `kill -9` the primary and all its workers at once, and restart it on the same file.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ADMIN_EMAIL } from "./constants";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export type ServerProcess = {
  baseURL: string;
  databasePath: string;
  directory: string;
  logFile: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  log: () => string;
};

export function tempDirectory(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `quads-${prefix}-`));
}

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

/** Starts the built server on `directory/quads.db` and waits until /healthz answers 200. */
export async function startServer(directory: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const databasePath = path.join(directory, "quads.db");
  const logFile = path.join(directory, `server-${port}.log`);
  const fd = openSync(logFile, "a");
  const child = spawn(process.execPath, ["build/server.js"], {
    cwd: repoRoot,
    detached: true, // its own process group: kill(-pid) reaches the workers too
    stdio: ["ignore", fd, fd],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${databasePath}`,
      SEED_DEMO: "false",
      ADMIN_EMAIL,
      AUTH_RATE_LIMIT_PER_IP: "100000",
      POST_RATE_LIMIT: "100000",
      COOKIE_SECURE: "false",
      LOG_LEVEL: "info",
      ...env,
    },
  });
  closeSync(fd);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const log = () => {
    try {
      return readFileSync(logFile, "utf8");
    } catch {
      return "";
    }
  };
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited during start:\n${log()}`);
    try {
      const response = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      killGroup(child, "SIGKILL");
      throw new Error(`server did not become healthy:\n${log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { baseURL, databasePath, directory, logFile, child, exited, log };
}

/** Signals the server's whole process group (primary and workers). */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** SIGTERM, then the exit code; SIGKILL after `timeoutMs`. */
export async function stopServer(server: ServerProcess, timeoutMs = 15_000): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.child.exitCode;
  const force = setTimeout(() => killGroup(server.child, "SIGKILL"), timeoutMs);
  server.child.kill("SIGTERM");
  const code = await server.exited;
  clearTimeout(force);
  return code;
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
