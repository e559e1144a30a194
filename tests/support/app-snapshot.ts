/**
 * A copy of what `node build/server.js` reads at run time (build/, db/migrations, db/migrations-pg,
 * public/, package.json; node_modules linked) in a directory of its own: a server started there
 * keeps running on that build even if the working tree is rebuilt meanwhile, and on PostgreSQL its
 * files (./data: session secret, uploads, mail, pid file; app/utils/env.server.ts) stay in that
 * directory. Used by tests/support/global-setup.ts, tests/support/server-process.ts and tests/support/multibox.ts.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../../scripts/lib/app-server";

/** Whether every /assets file the server build links to is in the client build (no half-written build). */
function missingAssets(appDirectory: string): string[] {
  const serverBuild = readFileSync(path.join(appDirectory, "build/server/index.js"), "utf8");
  const referenced = new Set(serverBuild.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? []);
  return [...referenced].filter((asset) => !existsSync(path.join(appDirectory, "build/client", asset)));
}

/** Copies what `node build/server.js` reads at run time into `appDirectory`; retries if a build was in progress. */
export async function snapshotApp(appDirectory: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const before = statSync(path.join(repoRoot, "build/server/index.js")).mtimeMs;
    rmSync(appDirectory, { recursive: true, force: true });
    mkdirSync(path.join(appDirectory, "db"), { recursive: true });
    cpSync(path.join(repoRoot, "build"), path.join(appDirectory, "build"), { recursive: true });
    cpSync(path.join(repoRoot, "db/migrations"), path.join(appDirectory, "db/migrations"), { recursive: true });
    cpSync(path.join(repoRoot, "db/migrations-pg"), path.join(appDirectory, "db/migrations-pg"), { recursive: true });
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
