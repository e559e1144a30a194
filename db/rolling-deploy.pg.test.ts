/**
 * Rolling restarts on several boxes (docs/operations.md, "Rolling restarts"): while one box runs the
 * new version and the others the old one, both work on one PostgreSQL schema, so every migration
 * only adds (tables, nullable columns or columns with a default, indexes) and never drops, renames
 * or narrows in the same release. Rolling restarts exist only with several boxes, that is on
 * PostgreSQL: the rule is checked on db/migrations-pg (SQLite runs one box, stopped for an upgrade).
 *
 * The rule, read from every migration; and one migration shown to hold it in practice: 0005 (the
 * outbox's `unfinished_claims`), with the old code's statements run before and after it.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { applyPostgresMigrations, postgresMigrationsFolder } from "~/utils/postgres-migrations.server";
import { createTestDatabase, withPostgresClient } from "~/test/postgres";

/** What old code cannot survive: a table or column gone or renamed, a type or nullability narrowed. */
const BREAKING = [/\bDROP\s+(TABLE|COLUMN)\b/i, /\bRENAME\b/i, /\bALTER\s+COLUMN\b[^;]*\b(TYPE|SET\s+NOT\s+NULL)\b/i];

function migrationFiles(): string[] {
  return readdirSync(postgresMigrationsFolder)
    .filter((name) => name.endsWith(".sql"))
    .sort();
}

/** A copy of db/migrations-pg whose journal ends at `lastTag`: the schema the old version knew. */
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), "quads-rolling-"));
  cpSync(postgresMigrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const end = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (end < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, end + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe("migrations a rolling restart survives (docs/operations.md, \"Rolling restarts\")", () => {
  it("every PostgreSQL migration only adds: no drop, no rename, no narrowed column, a new NOT NULL column has a default", () => {
    const files = migrationFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(path.join(postgresMigrationsFolder, file), "utf8");
      for (const pattern of BREAKING) expect(pattern.test(text), `${file} ${pattern}`).toBe(false);
      for (const [statement] of text.matchAll(/ADD\s+COLUMN[^;]*;/gi)) {
        if (/NOT\s+NULL/i.test(statement)) expect(/\bDEFAULT\b/i.test(statement), `${file}: ${statement}`).toBe(true);
      }
    }
  });

  it("the old version's outbox statements work before and after 0005, beside the new version's", async () => {
    const url = await createTestDatabase("quads_rolling");
    await withPostgresClient(url, async (client) => {
      await applyPostgresMigrations(client, migrationsUpTo("0004_conversations"));
      // The old version writes and claims mail without knowing `unfinished_claims`.
      const oldInsert = `INSERT INTO mail_outbox ("to", subject, text, html, kind) VALUES ($1, 'Hi', 'text', '<p>html</p>', 'test') RETURNING id`;
      const oldClaim = `UPDATE mail_outbox SET attempts = attempts + 1 WHERE id = $1 RETURNING id, "to", status, attempts`;
      const before = (await client.query<{ id: number }>(oldInsert, ["before@example.com"])).rows[0].id;

      // A box of the new version starts and applies 0005 while the old boxes keep running.
      expect(await applyPostgresMigrations(client)).toBe(migrationFiles().length - 5);
      const after = (await client.query<{ id: number }>(oldInsert, ["after@example.com"])).rows[0].id;
      expect((await client.query(oldClaim, [before])).rows[0]).toMatchObject({ to: "before@example.com", status: "pending", attempts: 1 });
      expect((await client.query(oldClaim, [after])).rows[0]).toMatchObject({ to: "after@example.com", attempts: 1 });

      // The new version reads the old version's rows with the column's default, and its own rows stay readable by the old one.
      const fresh = await client.query<{ unfinished_claims: number }>("SELECT unfinished_claims FROM mail_outbox WHERE id = ANY($1) ORDER BY id", [[before, after]]);
      expect(fresh.rows.map((row) => row.unfinished_claims)).toEqual([0, 0]);
      const newer = (await client.query<{ id: number }>(`INSERT INTO mail_outbox ("to", subject, text, html, kind, unfinished_claims) VALUES ('new@example.com', 'Hi', 't', '<p>h</p>', 'test', 1) RETURNING id`)).rows[0].id;
      expect((await client.query(oldClaim, [newer])).rows[0]).toMatchObject({ to: "new@example.com", attempts: 1 });
    });
  });
});
