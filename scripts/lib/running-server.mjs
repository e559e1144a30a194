// Whether a Quads server runs on a SQLite database: the `<database>.pid` file it writes at start and
// removes at exit (server/processes.ts). Used by the scripts that must not run beside one
// (npm run restore, npm run db:copy).
import { existsSync, readFileSync } from "node:fs";

/**
 * The pid of a live server on `databasePath` (from `<database>.pid`), or undefined.
 * @param {string} databasePath
 * @returns {number | undefined}
 */
export function runningServer(databasePath) {
  const pidFile = `${databasePath}.pid`;
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (error && error.code === "EPERM") return pid; // alive, another user's process
    return undefined; // stale pid file: the server is gone
  }
  // A live pid that is not a Node process is a reused pid from a server that died (stale file).
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    if (!/node|tsx/.test(command)) return undefined;
  } catch {
    // no /proc (macOS): trust the pid
  }
  return pid;
}
