/**
 * `npm run backup` + `npm run restore` on PostgreSQL (pg_dump -Fc / pg_restore through psql, in one
 * transaction), run as child processes the way an operator runs them, on the run's throwaway server.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, withPostgresClient } from "~/test/postgres";
import { applyPostgresMigrations } from "~/utils/postgres-migrations.server";

let directory: string;
let url: string;
/** The same database, with a password in the URL (the test server trusts loopback and ignores it): it must never be printed. */
let urlWithPassword: string;
const PASSWORD = "s3cret-Backup-pw";

function run(script: "backup" | "restore", ...args: string[]) {
  const result = spawnSync(process.execPath, [path.resolve(`scripts/${script}.mjs`), ...args], {
    cwd: directory,
    env: { ...process.env, DATABASE_URL: urlWithPassword, UPLOADS_DIR: path.join(directory, "uploads") },
    encoding: "utf8",
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  return withPostgresClient(url, work);
}

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), "quads-restore-pg-"));
  url = await createTestDatabase("quads_restore");
  const withPassword = new URL(url);
  withPassword.password = PASSWORD;
  urlWithPassword = withPassword.toString();
  await withClient(async (client) => {
    await applyPostgresMigrations(client);
    await client.query("insert into users (id, email, password, first_name, last_name, display_name, username, interests) values ('u1', 'ada@example.com', 'hash', 'Ada', 'L', 'Ada L', 'ada', '[\"ml\"]')");
    await client.query("insert into posts (title, content, author_id) values ('Transformers explained', 'attention is all', 'u1'), ('Second', 'post', 'u1')");
  });
  mkdirSync(path.join(directory, "uploads", "ab"), { recursive: true });
  writeFileSync(path.join(directory, "uploads", "ab", "picture.webp"), "picture bytes");
}, 60_000);

afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("backup and restore on PostgreSQL", () => {
  const backupFile = () => path.join(directory, "backups", "b1.dump");

  it("backs up with pg_dump, pictures beside it, without printing the password", () => {
    const backup = run("backup", backupFile());
    expect(backup.status, backup.output).toBe(0);
    expect(backup.output).toContain(`written to ${backupFile()}`);
    expect(backup.output).not.toContain(PASSWORD);
    expect(readFileSync(backupFile()).subarray(0, 5).toString()).toBe("PGDMP"); // pg_dump's custom format
    expect(readFileSync(path.join(`${backupFile()}.uploads`, "ab", "picture.webp"), "utf8")).toBe("picture bytes");
  });

  it("refuses while another session is connected, and changes nothing", async () => {
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      const restore = run("restore", backupFile());
      expect(restore.status).toBe(1);
      expect(restore.output).toMatch(/other session\(s\) connected to .*Stop every server on it first/);
      expect(restore.output).not.toContain(PASSWORD);
    } finally {
      await other.end();
    }
  });

  it("puts the backed-up data back over changed data: rows, sequences, search, migrations, pictures; keeps the replaced database", async () => {
    await withClient(async (client) => {
      await client.query("delete from posts where title = 'Second'");
      await client.query("update users set display_name = 'Changed' where id = 'u1'");
      await client.query("insert into users (id, email, password, first_name, last_name, display_name, username) values ('u2', 'later@example.com', 'hash', 'L', 'L', 'Later', 'later')");
      await client.query("create table later_change (x int)"); // as a newer migration would
    });
    rmSync(path.join(directory, "uploads"), { recursive: true });

    const restore = run("restore", backupFile());
    expect(restore.status, restore.output).toBe(0);
    expect(restore.output).toContain("Restored");
    expect(restore.output).toContain("Restored the pictures");
    expect(restore.output).not.toContain(PASSWORD);

    await withClient(async (client) => {
      expect((await client.query("select title from posts order by id")).rows.map((row) => row.title)).toEqual(["Transformers explained", "Second"]);
      expect((await client.query("select id, display_name, interests from users order by id")).rows).toEqual([{ id: "u1", display_name: "Ada L", interests: ["ml"] }]);
      expect((await client.query("select to_regclass('public.later_change') as name")).rows[0].name).toBeNull();
      expect(Number((await client.query("select count(*) from drizzle.__drizzle_migrations")).rows[0].count)).toBeGreaterThan(0);
      // The sequence came back with the data: the next post gets id 3.
      expect((await client.query("insert into posts (title, content, author_id) values ('Third', 'x', 'u1') returning id")).rows[0].id).toBe(3);
      // The search twins (pg_trgm, the text-search function and indexes, triggers) are back too.
      expect((await client.query("select id from posts where title ilike '%ransforme%'")).rowCount).toBe(1);
      expect((await client.query("select id from posts where posts_search_document(title, content) @@ to_tsquery('simple', 'attent:*')")).rowCount).toBe(1);
      expect((await client.query("select version from posts_text_version")).rows[0].version).toBeDefined();
    });
    expect(readFileSync(path.join(directory, "uploads", "ab", "picture.webp"), "utf8")).toBe("picture bytes");
    const kept = readdirSync(path.join(directory, "data", "backups")).filter((name) => name.startsWith("quads-before-restore-"));
    expect(kept).toHaveLength(1);
  });

  it("refuses a file that is not a Quads pg_dump archive, and changes nothing", async () => {
    const garbage = path.join(directory, "garbage.dump");
    writeFileSync(garbage, "not an archive".repeat(50));
    const restore = run("restore", garbage);
    expect(restore.status).toBe(1);
    expect(restore.output).toContain("nothing was changed");
    expect(existsSync(garbage)).toBe(true);
    await withClient(async (client) => expect(Number((await client.query("select count(*) from posts")).rows[0].count)).toBe(3));
  });
});
