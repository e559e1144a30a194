/**
 * `npm run pg:test-server [-- <command> [args…]]`: a throwaway PostgreSQL (scripts/lib/postgres-server.ts).
 * - With a command: starts the server, runs the command with DATABASE_URL and QUADS_TEST_POSTGRES_URL
 *   set to it, stops and deletes the server, and exits with the command's status.
 * - Without: prints `DATABASE_URL=postgres://…` and keeps the server until Ctrl-C.
 * Either way the server is stopped and deleted when this process ends, however it ends.
 */
import { spawn } from "node:child_process";
import { startPostgresServer } from "./lib/postgres-server";

const args = process.argv.slice(2);
const command = args[0] === "--" ? args.slice(1) : args;
const started = Date.now();
const server = await startPostgresServer();
console.error(`PostgreSQL ${server.majorVersion} started in ${Date.now() - started} ms (${server.binDirectory}, data in ${server.directory})`);

let stopping = false;
async function stopAndExit(status: number) {
  if (stopping) return;
  stopping = true;
  await server.stop();
  process.exit(status);
}

if (command.length === 0) {
  console.log(`DATABASE_URL=${server.url}`);
  console.error("Ctrl-C stops and deletes it.");
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stopAndExit(0));
  setInterval(() => undefined, 1 << 30);
} else {
  const child = spawn(command[0], command.slice(1), {
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: server.url, QUADS_TEST_POSTGRES_URL: server.url },
  });
  // Ctrl-C reaches the command too (same process group): wait for it, then clean up.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => undefined);
  child.on("error", (error) => {
    console.error(error.message);
    void stopAndExit(127);
  });
  child.on("exit", (code, signal) => void stopAndExit(code ?? (signal ? 1 : 0)));
}
