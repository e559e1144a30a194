// npx tsx scripts/bench-units.ts : what the async data layer costs per call on SQLite
// (docs/decisions/0102-async-data-layer.md): a one-row write as a plain synchronous better-sqlite3
// transaction on the writer connection (what the old synchronous `transaction()` ran) vs a unit of
// work `await write(…)`, and a prepared one-row read on the writer (sync) vs `await readDb()` — in a
// fresh scratch SQLite database (SQLite only: it measures SQLite's synchronous driver), alternating,
// best of several rounds.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";

const directory = mkdtempSync(path.join(tmpdir(), "quads-units-"));
process.env.DATABASE_URL = `file:${path.join(directory, "units.db")}`;
process.env.SESSION_SECRET ??= "bench-units-secret-0123456789abcdef";
const { closeDb, readDb, reuseStatementsOnEveryConnection, schema, sqliteWriterForTesting, write } = await import("../app/utils/db.server");
type AppDatabase = ReturnType<typeof sqliteWriterForTesting>;
const getDb = sqliteWriterForTesting;
const transaction = <T>(work: (tx: AppDatabase) => T): T => getDb().$client.transaction(() => work(getDb())).immediate();

reuseStatementsOnEveryConnection();
const key = "bench:units";
getDb().insert(schema.communitySettings).values({ key, value: 0 }).run();
const setValue = (value: number) => ({ value, updatedAt: new Date() });
const byKey = eq(schema.communitySettings.key, key);
const readOne = (db: ReturnType<typeof getDb>) => db.select({ value: schema.communitySettings.value }).from(schema.communitySettings).where(eq(schema.communitySettings.key, sql.placeholder("key"))).prepare();
const syncRead = readOne(getDb());
const asyncRead = readOne(readDb());

const cases: Record<string, (index: number) => unknown> = {
  "write: sync better-sqlite3 transaction": (index) => transaction((tx) => tx.update(schema.communitySettings).set(setValue(index)).where(byKey).run()),
  "write: await write()": (index) => write((tx) => tx.update(schema.communitySettings).set(setValue(index)).where(byKey)),
  "read: sync writer prepared .all()": () => syncRead.all({ key }),
  "read: await readDb() prepared .execute()": () => asyncRead.execute({ key }),
};

const calls = Number(process.argv[2] ?? 5000);
const best: Record<string, number> = {};
for (let round = 0; round < 5; round++) {
  for (const [name, run] of Object.entries(cases)) {
    const started = performance.now();
    for (let index = 0; index < calls; index++) await run(index);
    const microseconds = ((performance.now() - started) * 1000) / calls;
    best[name] = Math.min(best[name] ?? Infinity, microseconds);
  }
}
for (const [name, microseconds] of Object.entries(best)) console.log(`${name.padEnd(44)} ${microseconds.toFixed(1)} µs per call`);
await closeDb();
rmSync(directory, { recursive: true, force: true });
