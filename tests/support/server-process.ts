/**
 * A private app server for the operations tests (cluster, crash safety): `node build/server.js`
 * from the working tree on its own temp database and port, in its own process group so a test
 * can `kill -9` the primary and all its workers at once, and restart it on the same file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { killAppServer, signInViaApi, startAppServer, stopAppServer, type AppServer } from "../../scripts/lib/app-server";
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

/** Starts the built server on `directory/quads.db` and waits until /healthz answers 200. */
export async function startServer(directory: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const databasePath = path.join(directory, "quads.db");
  const logFile = path.join(directory, `server-${Date.now()}-${process.pid}.log`);
  const server = await startAppServer({
    databasePath,
    logFile,
    detached: true, // its own process group: kill(-pid) reaches the workers too
    env: { ADMIN_EMAIL, AUTH_RATE_LIMIT_PER_IP: "100000", POST_RATE_LIMIT: "100000", LOG_LEVEL: "info", ...env },
  });
  return { ...server, databasePath, directory, logFile, log: server.output };
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
