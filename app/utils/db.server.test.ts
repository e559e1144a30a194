/** Migrations are a no-op once applied, and safe when several processes (cluster workers) start at once. */
import Database from "better-sqlite3";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { applyMigrations, openDatabase } from "./db.server";

const directory = mkdtempSync(path.join(tmpdir(), "quads-migrate-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const journal = JSON.parse(readFileSync(path.resolve("db/migrations/meta/_journal.json"), "utf8")) as { entries: unknown[] };

describe("applyMigrations", () => {
  it("applies every migration once, then finds nothing to do and writes nothing", () => {
    const db = openDatabase(path.join(directory, "once.db"));
    const client = db.$client;
    expect(client.prepare("select count(*) from __drizzle_migrations").pluck().get()).toBe(journal.entries.length);
    const changesBefore = client.prepare("select total_changes()").pluck().get();
    expect(applyMigrations(client)).toBe(0);
    expect(client.prepare("select total_changes()").pluck().get()).toBe(changesBefore);
    client.close();
  });

  it("keeps the bookkeeping of drizzle's migrator (a database migrated before still counts as migrated)", () => {
    const db = openDatabase(path.join(directory, "shape.db"));
    const columns = db.$client.prepare("select name from pragma_table_info('__drizzle_migrations')").pluck().all();
    expect(columns).toEqual(["id", "hash", "created_at"]);
    db.$client.close();
  });

  it("applies each migration exactly once when several processes open a fresh file at the same time", async () => {
    const file = path.join(directory, "race.db");
    const script = path.join(directory, "open.ts");
    writeFileSync(
      script,
      `import { openDatabase } from ${JSON.stringify(path.resolve("app/utils/db.server.ts"))};\nopenDatabase(${JSON.stringify(file)}).$client.close();\n`,
    );
    const tsx = path.resolve("node_modules/.bin/tsx");
    const runs = await Promise.all(
      [1, 2, 3].map(
        () =>
          new Promise<{ code: number | null; output: string }>((resolve) => {
            const child = spawn(tsx, [script], { env: { ...process.env, DATABASE_URL: `file:${file}` } });
            let output = "";
            child.stdout.on("data", (chunk) => (output += chunk));
            child.stderr.on("data", (chunk) => (output += chunk));
            child.on("exit", (code) => resolve({ code, output }));
          }),
      ),
    );
    for (const run of runs) expect(run.code, run.output).toBe(0);
    const check = new Database(file, { readonly: true });
    expect(check.prepare("select count(*) from __drizzle_migrations").pluck().get()).toBe(journal.entries.length);
    expect(check.pragma("integrity_check", { simple: true })).toBe("ok");
    check.close();
  });
});
