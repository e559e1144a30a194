/**
 * db/migrations-pg on a real PostgreSQL (the run's throwaway server): applied safely by several
 * processes at once, equal to the SQLite database db/migrations makes (tables, columns,
 * nullability, defaults, primary keys, index and trigger names, with the twins of
 * docs/decisions/0104-one-schema-two-dialects.md), and the hand-written twins working.
 */
import Database from "better-sqlite3";
import { getTableConfig, type PgColumn, PgTable } from "drizzle-orm/pg-core";
import { is } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyPostgresMigrations } from "~/utils/postgres-migrations.server";
import { createTestDatabase } from "~/test/postgres";
import * as pgSchema from "./schema.pg";

/** PostgreSQL-only objects and their SQLite twins (decision 0104). */
const PG_ONLY_INDEXES = ["posts_search_idx", "posts_trigram_idx"]; // twins of the posts_fts virtual table
const SQLITE_ONLY_TRIGGERS = /^posts_fts_/; // the FTS5 index's upkeep: PostgreSQL's indexes keep themselves
/**
 * Columns whose SQLite default exists only because SQLite's ALTER TABLE cannot add a NOT NULL
 * column without one (migration 0011); db/schema.ts declares none, nor does PostgreSQL.
 */
const SQLITE_ONLY_DEFAULTS = new Set(["users.username"]);
const SQLITE_TYPE_TWINS: Record<string, string[]> = { text: ["text", "jsonb"], integer: ["integer", "bigint", "boolean"], real: ["double precision"] };

type LiveColumn = { type: string; notNull: boolean; hasDefault: boolean; primary: boolean };
type LiveSchema = { tables: Record<string, Record<string, LiveColumn>>; indexes: string[]; triggers: string[] };

function liveSqlite(): LiveSchema {
  const sqlite = new Database(path.join(mkdtempSync(path.join(tmpdir(), "quads-parity-")), "parity.db"));
  migrate(drizzle(sqlite), { migrationsFolder: path.resolve("db/migrations") });
  const names = sqlite
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'posts_fts%' and name <> '__drizzle_migrations'")
    .pluck()
    .all() as string[];
  const tables: LiveSchema["tables"] = {};
  const indexes: string[] = [];
  for (const table of names) {
    const columns = sqlite.pragma(`table_info(${table})`) as { name: string; type: string; notnull: number; dflt_value: string | null; pk: number }[];
    tables[table] = Object.fromEntries(
      columns.map((column) => [
        column.name,
        // An INTEGER PRIMARY KEY is the rowid: never null, given a value when an insert leaves it out.
        { type: column.type.toLowerCase(), notNull: column.notnull === 1 || column.pk > 0, hasDefault: column.dflt_value !== null || (column.pk === 1 && column.type === "INTEGER" && columns.filter((c) => c.pk > 0).length === 1), primary: column.pk > 0 },
      ]),
    );
    for (const index of sqlite.pragma(`index_list(${table})`) as { name: string; origin: string }[]) if (index.origin !== "pk") indexes.push(index.name);
  }
  const triggers = sqlite.prepare("select name from sqlite_master where type = 'trigger'").pluck().all() as string[];
  sqlite.close();
  return { tables, indexes: indexes.sort(), triggers: triggers.sort() };
}

async function livePostgres(client: pg.Client): Promise<LiveSchema> {
  const columns = await client.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null; is_identity: string; primary: boolean }>(`
    select c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default, c.is_identity,
           exists (select 1 from information_schema.table_constraints t
                   join information_schema.key_column_usage k using (constraint_schema, constraint_name, table_name)
                   where t.constraint_type = 'PRIMARY KEY' and t.table_schema = 'public' and t.table_name = c.table_name and k.column_name = c.column_name) as primary
    from information_schema.columns c where c.table_schema = 'public'`);
  const tables: LiveSchema["tables"] = {};
  for (const row of columns.rows) {
    tables[row.table_name] ??= {};
    tables[row.table_name][row.column_name] = { type: row.data_type, notNull: row.is_nullable === "NO", hasDefault: row.column_default !== null || row.is_identity === "YES", primary: row.primary };
  }
  const indexes = await client.query<{ indexname: string }>(
    "select i.relname as indexname from pg_index x join pg_class i on i.oid = x.indexrelid join pg_namespace n on n.oid = i.relnamespace where n.nspname = 'public' and not x.indisprimary order by 1",
  );
  const triggers = await client.query<{ trigger_name: string }>("select distinct trigger_name from information_schema.triggers where trigger_schema = 'public' order by trigger_name");
  return { tables, indexes: indexes.rows.map((row) => row.indexname).sort(), triggers: triggers.rows.map((row) => row.trigger_name).sort() };
}

let url: string;
const clients: pg.Client[] = [];
async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.push(client);
  return client;
}

beforeAll(async () => {
  url = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.end()));
});

describe("db/migrations-pg", () => {
  it("is applied exactly once when two processes start at once (an advisory lock), and not again", async () => {
    const [first, second] = [await connect(), await connect()];
    const applied = await Promise.all([applyPostgresMigrations(first), applyPostgresMigrations(second)]);
    const migrationCount = (await first.query("select count(*)::int as n from drizzle.__drizzle_migrations")).rows[0].n as number;
    expect(migrationCount).toBeGreaterThanOrEqual(2);
    expect(applied.sort()).toEqual([0, migrationCount]);
    expect(await applyPostgresMigrations(first)).toBe(0);
    expect((await first.query("select version from posts_text_version")).rows).toEqual([{ version: "0" }]);
  });

  it("makes the database the SQLite migrations make: tables, columns, nullability, defaults, keys, index and trigger names", async () => {
    const sqlite = liveSqlite();
    const postgres = await livePostgres(await connect());
    expect(Object.keys(postgres.tables).sort()).toEqual(Object.keys(sqlite.tables).sort());
    for (const [table, columns] of Object.entries(sqlite.tables)) {
      const pgColumns = postgres.tables[table];
      expect(Object.keys(pgColumns).sort(), table).toEqual(Object.keys(columns).sort());
      for (const [name, column] of Object.entries(columns)) {
        const twin = pgColumns[name];
        if (SQLITE_ONLY_DEFAULTS.has(`${table}.${name}`)) column.hasDefault = false;
        expect({ notNull: twin.notNull, hasDefault: twin.hasDefault, primary: twin.primary }, `${table}.${name}`).toEqual({ notNull: column.notNull, hasDefault: column.hasDefault, primary: column.primary });
        expect(SQLITE_TYPE_TWINS[column.type], `${table}.${name}: ${column.type} → ${twin.type}`).toContain(twin.type);
      }
    }
    expect(postgres.indexes).toEqual([...sqlite.indexes, ...PG_ONLY_INDEXES].sort());
    expect(postgres.triggers).toEqual(sqlite.triggers.filter((name) => !SQLITE_ONLY_TRIGGERS.test(name)));
  });

  it("is what db/schema.pg.ts says (no schema change left without its generated migration)", async () => {
    const live = await livePostgres(await connect());
    for (const table of (Object.values(pgSchema) as unknown[]).filter((value): value is PgTable => is(value, PgTable))) {
      const config = getTableConfig(table);
      const described = Object.fromEntries(
        (config.columns as PgColumn[]).map((column) => [
          column.name,
          { type: column.getSQLType(), notNull: column.notNull || column.primary || config.primaryKeys.some((key) => key.columns.includes(column)), hasDefault: column.default !== undefined || column.generatedIdentity !== undefined },
        ]),
      );
      const actual = Object.fromEntries(Object.entries(live.tables[config.name] ?? {}).map(([name, column]) => [name, { type: column.type, notNull: column.notNull, hasDefault: column.hasDefault }]));
      expect(actual, config.name).toEqual(described);
    }
  });

  it("has working twins of SQLite's dialect-specific pieces: defaults, posts_text_version triggers, trigram and ranked search", async () => {
    const client = await connect();
    const before = Date.now();
    await client.query("insert into users (id, email, password, first_name, last_name, display_name, username) values ('u1', 'Ada@Example.com', 'x', 'Ada', 'L', 'Ada Lovelace', 'ada')");
    const user = (await client.query("select created_at, interests, skill_level, points from users where id = 'u1'")).rows[0];
    expect(Number(user.created_at)).toBeGreaterThanOrEqual(before - 1_000);
    expect(Number(user.created_at)).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(user).toMatchObject({ interests: [], skill_level: "beginner", points: 0 });
    // Case-insensitive e-mail uniqueness (lower(email), as on SQLite).
    await expect(client.query("insert into users (id, email, password, first_name, last_name, display_name, username) values ('u2', 'ada@example.COM', 'x', 'A', 'L', 'A', 'ada2')")).rejects.toMatchObject({ code: "23505" });

    const version = async () => Number((await client.query("select version from posts_text_version where id = 1")).rows[0].version);
    const start = await version();
    const inserted = await client.query<{ id: number }>(
      "insert into posts (title, content, author_id) values ('Quantum computing for beginners', 'Qubits, superposition and a hello world circuit', 'u1'), ('Gardening', 'Tomatoes love sun', 'u1') returning id",
    );
    expect(await version()).toBe(start + 1);
    await client.query("update posts set likes_count = likes_count + 1");
    expect(await version()).toBe(start + 1);
    await client.query("update posts set title = 'Quantum computing, gently' where id = $1", [inserted.rows[0].id]);
    expect(await version()).toBe(start + 2);
    await client.query("delete from posts where id = $1", [inserted.rows[1].id]);
    expect(await version()).toBe(start + 3);

    // "Contains" search (FTS5 trigram's twin): any 3+ characters, any case, title or content, from the index.
    const contains = "select id from posts where title ilike $1 or content ilike $1";
    expect((await client.query(contains, ["%LO WORL%"])).rows).toEqual([{ id: inserted.rows[0].id }]);
    await client.query("set enable_seqscan = off");
    expect(JSON.stringify((await client.query(`explain ${contains}`, ["%superpos%"])).rows)).toContain("posts_trigram_idx");
    // Ranked words with prefix matching and highlighting, from posts_search_idx.
    const ranked = `select id, ts_rank(posts_search_document(title, content), query) as rank,
      ts_headline('simple', content, query, 'StartSel=<mark>, StopSel=</mark>') as highlight
      from posts, to_tsquery('simple', $1) as query where posts_search_document(title, content) @@ query order by rank desc`;
    const found = (await client.query(ranked, ["qubit:*"])).rows;
    expect(found).toMatchObject([{ id: inserted.rows[0].id, highlight: expect.stringContaining("<mark>Qubits</mark>") }]);
    expect(JSON.stringify((await client.query(`explain ${ranked}`, ["quant:*"])).rows)).toContain("posts_search_idx");
    await client.query("reset enable_seqscan");
  });
});
