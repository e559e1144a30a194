// `npm start`: build when the build is missing or older than the sources, then serve it in production mode.
import { spawnSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const output = "build/server.js";

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), stats.mtimeMs);
}

const sources = ["app", "db", "public", "server.ts", "server", "vite.config.ts", "package.json"];
const sourceTime = Math.max(...sources.map(newestMtime));
// build/mail-worker.js: the cluster's mail worker (server/mail-worker.ts, decision 0089).
if (!existsSync(output) || !existsSync("build/server/index.js") || !existsSync("build/mail-worker.js") || statSync(output).mtimeMs < sourceTime) {
  console.log("Building Quads (first start or changed sources)...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, [output], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
