/**
 * The seeded large community (scripts/seed-large.ts) that scripts/bench.ts and scripts/footprint.ts
 * measure on: seeded once into data/large.db (data/small.db with --small) and reused afterwards.
 */
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { repoRoot } from "./app-server";

/** The subject of the bench member's 500-message conversation (seeded by scripts/seed-large.ts, opened by scripts/bench.ts). */
export const LONG_CONVERSATION_SUBJECT = "Five hundred messages";

/** Seeds `file` with `npm run seed:large` unless it already holds a database (a large one takes about half a minute). */
export function ensureSeeded(file: string, small: boolean) {
  if (existsSync(file) && statSync(file).size > 0) return;
  console.log(`Seeding ${file}…`);
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed-large.ts", file, ...(small ? ["--small"] : [])], { cwd: repoRoot, stdio: "inherit" });
  if (result.status !== 0) throw new Error("seed:large failed");
}
