// npm run pg:test-server -- npx tsx scripts/bench-hot-rows.ts [24 50 …]
// Hot rows on the engine DATABASE_URL names (docs/decisions/0106-hot-rows-on-postgres.md): for each
// size N, N members reply to one post at once, then N members like another post at once. Prints the
// wall time, how many calls succeeded, the post's counter against COUNT(*), and how many units of
// work began and rolled back (every attempt of a unit begins one; a retried attempt rolls back).
// In a scratch database of its own on that server (a scratch SQLite file when DATABASE_URL is not postgres://).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

const sizes = process.argv.slice(2).map(Number).filter((size) => size > 0);
if (sizes.length === 0) sizes.push(24, 50);

const serverUrl = process.env.DATABASE_URL ?? "";
const isPostgres = /^postgres(?:ql)?:\/\//i.test(serverUrl);
let directory: string | undefined;
let scratchName: string | undefined;
if (isPostgres) {
  scratchName = `quads_hot_rows_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${scratchName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${scratchName}`;
  process.env.DATABASE_URL = url.toString();
} else {
  directory = mkdtempSync(path.join(tmpdir(), "quads-hot-rows-"));
  process.env.DATABASE_URL = `file:${path.join(directory, "hot-rows.db")}`;
}
process.env.SESSION_SECRET ??= "bench-hot-rows-secret-0123456789abcdef";
process.env.SEED_DEMO = "false";
process.env.NEW_MEMBER_HOURS = "0";
process.env.NEW_MEMBER_MIN_POSTS = "0";
process.env.LOG_LEVEL ??= "error";

// Every attempt of a unit of work begins a transaction; an attempt run again rolls back first.
const statements = { begun: 0, rolledBack: 0 };
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const text = typeof args[0] === "string" ? args[0] : "";
  if (text.startsWith("BEGIN")) statements.begun += 1;
  if (text === "ROLLBACK") statements.rolledBack += 1;
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const { closeDb, prepareDatabase } = await import("../app/utils/db.server");
const { seedReferenceData } = await import("../app/features/settings/reference-data.server");
const { createActor, createTestPost } = await import("../app/features/discussions/test-helpers");
const { createReply } = await import("../app/features/discussions/replies.server");
const { likePost } = await import("../app/features/discussions/posts.server");
const { scalar } = await import("../app/test/db");

await prepareDatabase();
await seedReferenceData({ communityName: "Quads" });

async function measure(label: string, size: number, call: (member: Awaited<ReturnType<typeof createActor>>) => Promise<unknown>, count: () => Promise<[number, number]>) {
  const members = await Promise.all(Array.from({ length: size }, () => createActor()));
  const before = { ...statements };
  const started = performance.now();
  const outcomes = await Promise.allSettled(members.map((member) => call(member)));
  const ms = performance.now() - started;
  const failed = outcomes.filter((outcome) => outcome.status === "rejected") as PromiseRejectedResult[];
  const [counter, rows] = await count();
  const statuses = [...new Set(failed.map((outcome) => (outcome.reason as { status?: number }).status ?? String(outcome.reason)))];
  console.log(
    `${label.padEnd(8)} N=${String(size).padEnd(4)} ${ms.toFixed(0).padStart(6)} ms  ok ${size - failed.length}/${size}${failed.length ? ` (failed: ${statuses.join(", ")})` : ""}  ` +
      `counter ${counter} = COUNT(*) ${rows}: ${counter === rows ? "exact" : "WRONG"}  units begun ${statements.begun - before.begun}, rolled back ${statements.rolledBack - before.rolledBack}`,
  );
}

console.log(`engine: ${isPostgres ? "PostgreSQL" : "SQLite"}`);
for (const size of sizes) {
  const author = await createActor();
  const thread = await createTestPost(author);
  await measure("replies", size, (member) => createReply({ actor: member, postId: thread.id, input: { content: "Me too" } }), async () => [
    await scalar(`SELECT replies_count FROM posts WHERE id = ?`, thread.id),
    await scalar(`SELECT count(*) FROM replies WHERE post_id = ?`, thread.id),
  ]);
  const liked = await createTestPost(author);
  await measure("likes", size, (member) => likePost({ actor: member, postId: liked.id }), async () => [
    await scalar(`SELECT likes_count FROM posts WHERE id = ?`, liked.id),
    await scalar(`SELECT count(*) FROM post_likes WHERE post_id = ?`, liked.id),
  ]);
}

await closeDb();
if (directory) rmSync(directory, { recursive: true, force: true });
if (scratchName) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database ${scratchName}`);
  await admin.end();
}
