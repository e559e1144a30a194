/**
 * `npm run db:copy` (scripts/db-copy.ts): copies a whole Quads community from one database to
 * another, SQLite → PostgreSQL or PostgreSQL → SQLite (docs/operations.md, "Moving to PostgreSQL";
 * docs/decisions/0104-one-schema-two-dialects.md: one schema, two dialects).
 *
 * - Both sides are brought to this version's schema first (each engine's migrations).
 * - The target must hold no community: a row in any table (the migrations' own row of
 *   posts_text_version aside) refuses the copy before anything is written.
 * - Tables go in foreign-key order, derived from db/schema.ts; a table referencing itself
 *   (replies.parent_reply_id) is read in primary-key order, and a row whose parent comes later is
 *   inserted without it and completed once its table is copied.
 * - Rows are read in batches by primary key (keyset, the key's index walked once) through Drizzle
 *   on each engine's schema, so values map both ways (Dates as milliseconds, booleans, JSON), ids
 *   and timestamps kept. The source is read in one snapshot (a read transaction).
 * - Everything is written in ONE transaction on the target: an interrupted or failed copy leaves it
 *   as empty as it was (run it again, nothing to clean up), and no server started on the target
 *   early sees half a community. The cost is one long transaction, which neither engine minds for a
 *   community's size (the large benchmark community: see docs/operations.md).
 * - SQLite's posts_fts is filled by its insert triggers; PostgreSQL's search indexes keep
 *   themselves. On PostgreSQL the identity sequences are set past the copied ids.
 * - At the end, both sides' row counts of every table and key counters (points, replies and likes
 *   counters, attendees…) are compared; a SQLite target also passes `PRAGMA foreign_key_check` and
 *   the FTS index's integrity check.
 */
import type Database from "better-sqlite3";
import { and, asc, type Column, eq, getTableColumns, getTableName, gt, type SQL, sql } from "drizzle-orm";
import { drizzle as drizzleSqlite, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { drizzle as drizzlePostgres, type NodePgDatabase } from "drizzle-orm/node-postgres";
import type { PgTable } from "drizzle-orm/pg-core";
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { existsSync } from "node:fs";
import pg from "pg";
import * as sqliteSchema from "../../db/schema";
import * as pgSchema from "../../db/schema.pg";
import { openDatabase } from "../../app/utils/db.server";
import { type DatabaseTarget, parseDatabaseUrl } from "../../app/utils/database-url.server";
import { applyPostgresMigrations } from "../../app/utils/postgres-migrations.server";
import { runningServer } from "./running-server.mjs";

type Row = Record<string, unknown>;

/** What the copy needs to know about one table, read from db/schema.ts (db/schema.pg.ts is its twin, checked equal). */
export type TableInfo = {
  /** The export name in both schema files (`postLikes`). */
  key: string;
  /** The SQL name (`post_likes`). */
  name: string;
  /** Property names of the primary key, in key order. */
  primaryKey: string[];
  /** SQL names of the tables this one references (itself excluded). */
  references: string[];
  /** Columns referencing this same table: property name → the referenced property. */
  selfReferences: Array<{ column: string; referenced: string }>;
  columnCount: number;
};

/**
 * Tables whose rows the migrations themselves insert (posts_text_version's one row, SQLite 0014 and
 * PostgreSQL 0001): not a sign of a community, and copied last by upsert, after the posts whose
 * insert triggers bump it, so the target ends with the source's value.
 */
const ROWS_FROM_MIGRATIONS = new Set(["posts_text_version"]);

function isSqliteTable(value: unknown): value is SQLiteTable {
  try {
    return typeof value === "object" && value !== null && typeof getTableConfig(value as SQLiteTable).name === "string";
  } catch {
    return false;
  }
}

/** Every table of db/schema.ts, in an order that satisfies the foreign keys (each table after those it references). */
export function copyOrder(): TableInfo[] {
  const infos: TableInfo[] = [];
  for (const [key, value] of Object.entries(sqliteSchema)) {
    if (!isSqliteTable(value)) continue;
    const config = getTableConfig(value);
    const properties = new Map(Object.entries(getTableColumns(value)).map(([property, column]) => [column.name, property]));
    const composite = config.primaryKeys[0];
    const primaryKey = composite
      ? composite.columns.map((column) => properties.get(column.name)!)
      : config.columns.filter((column) => column.primary).map((column) => properties.get(column.name)!);
    if (primaryKey.length === 0) throw new Error(`Table ${config.name} has no primary key: db:copy reads tables in primary-key order.`);
    const references = new Set<string>();
    const selfReferences: TableInfo["selfReferences"] = [];
    for (const foreignKey of config.foreignKeys) {
      const reference = foreignKey.reference();
      const foreignName = getTableName(reference.foreignTable);
      if (foreignName !== config.name) {
        references.add(foreignName);
        continue;
      }
      if (reference.columns.length !== 1) throw new Error(`${config.name}: a composite key referencing its own table is not supported by db:copy.`);
      selfReferences.push({ column: properties.get(reference.columns[0].name)!, referenced: properties.get(reference.foreignColumns[0].name)! });
    }
    infos.push({ key, name: config.name, primaryKey, references: [...references], selfReferences, columnCount: config.columns.length });
  }
  // Depth-first topological sort, stable in the schema file's order.
  const byName = new Map(infos.map((info) => [info.name, info]));
  const ordered: TableInfo[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (info: TableInfo, path: string[]) => {
    if (state.get(info.name) === "done") return;
    if (state.get(info.name) === "visiting") throw new Error(`Foreign keys form a cycle: ${[...path, info.name].join(" → ")}`);
    state.set(info.name, "visiting");
    for (const name of info.references) {
      const referenced = byName.get(name);
      if (!referenced) throw new Error(`${info.name} references ${name}, which db/schema.ts does not describe.`);
      visit(referenced, [...path, info.name]);
    }
    state.set(info.name, "done");
    ordered.push(info);
  };
  for (const info of infos) visit(info, []);
  // Tables the migrations fill go last (see ROWS_FROM_MIGRATIONS); nothing references them.
  return [...ordered.filter((info) => !ROWS_FROM_MIGRATIONS.has(info.name)), ...ordered.filter((info) => ROWS_FROM_MIGRATIONS.has(info.name))];
}

/**
 * `key > last key`, the next batch's condition: `(k1, k2, …) > (v1, v2, …)` for a composite key (a
 * row-value comparison, which both engines answer from the key's index), each value encoded by
 * its column (a Date key as milliseconds).
 */
function after(columns: Column[], last: Row, properties: string[]): SQL {
  if (columns.length === 1) return gt(columns[0], last[properties[0]]);
  const values = columns.map((column, index) => sql.param(last[properties[index]], column));
  return sql`(${sql.join(columns, sql`, `)}) > (${sql.join(values, sql`, `)})`;
}

/**
 * A multi-row INSERT's text and values, each value encoded by its column of the engine's schema
 * (Drizzle's own `mapToDriverValue`: a Date as milliseconds, a boolean as 0/1 on SQLite, JSON as
 * text). Drizzle's query builder does the same but spends ~1 ms per row building the statement,
 * which was most of a large copy's time.
 */
function insertStatement(drizzleTable: SQLiteTable | PgTable, name: string, rows: Row[], placeholder: (index: number) => string): { text: string; values: unknown[] } {
  const columns = Object.entries(getTableColumns(drizzleTable) as Record<string, Column>);
  const values: unknown[] = [];
  const tuples = rows.map((row) => {
    const marks = columns.map(([property, column]) => {
      const value = row[property];
      values.push(value === null || value === undefined ? null : column.mapToDriverValue(value));
      return placeholder(values.length);
    });
    return `(${marks.join(", ")})`;
  });
  return { text: `insert into "${name}" (${columns.map(([, column]) => `"${column.name}"`).join(", ")}) values ${tuples.join(", ")}`, values };
}

/** One side of a copy: a database of either engine, through Drizzle on that engine's schema. */
export interface CopyEndpoint {
  readonly engine: "sqlite" | "postgres";
  /** For messages: the file, or `host:port/database` (never a password). */
  readonly label: string;
  readBatch(table: TableInfo, last: Row | undefined, limit: number): Promise<Row[]>;
  insert(table: TableInfo, rows: Row[]): Promise<void>;
  /** Inserts, or overwrites the row with the same primary key (tables the migrations fill). */
  upsert(table: TableInfo, rows: Row[]): Promise<void>;
  setColumn(table: TableInfo, key: Row, column: string, value: unknown): Promise<void>;
  /** A number from a query both dialects read the same way. */
  number(query: string): Promise<number>;
  begin(mode: "read" | "write"): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  /** After the copy, in its transaction: identity sequences past the copied ids (PostgreSQL). */
  finishCopy(): Promise<void>;
  /** Problems a finished copy can still have on this engine (foreign keys, search index): empty when none. */
  integrityProblems(): Promise<string[]>;
  close(): Promise<void>;
}

function tableOf<T>(schema: Record<string, unknown>, table: TableInfo): T {
  return schema[table.key] as T;
}

/** `k1 = v1 and k2 = v2 …`: one row by its primary key. */
function keyCondition(drizzleTable: SQLiteTable | PgTable, table: TableInfo, key: Row): SQL {
  const columns = keyColumnsOf(drizzleTable, table);
  return and(...table.primaryKey.map((property, index) => eq(columns[index], key[property])))!;
}

/** The table's primary-key columns, in the key's order. */
function keyColumnsOf(drizzleTable: SQLiteTable | PgTable, table: TableInfo): Column[] {
  const columns = getTableColumns(drizzleTable) as Record<string, Column>;
  return table.primaryKey.map((property) => columns[property]);
}

class SqliteEndpoint implements CopyEndpoint {
  readonly engine = "sqlite";
  private readonly db: BetterSQLite3Database;
  constructor(
    private readonly client: Database.Database,
    readonly label: string,
  ) {
    this.db = drizzleSqlite(client);
  }
  private table(table: TableInfo) {
    return tableOf<SQLiteTable>(sqliteSchema, table);
  }
  private keyColumns(table: TableInfo): Column[] {
    return keyColumnsOf(this.table(table), table);
  }
  async readBatch(table: TableInfo, last: Row | undefined, limit: number): Promise<Row[]> {
    const keys = this.keyColumns(table);
    const query = this.db.select().from(this.table(table));
    const filtered = last ? query.where(after(keys, last, table.primaryKey)) : query;
    return (await filtered.orderBy(...keys.map((column) => asc(column))).limit(limit)) as Row[];
  }
  async insert(table: TableInfo, rows: Row[]): Promise<void> {
    const { text, values } = insertStatement(this.table(table), table.name, rows, () => "?");
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.client.prepare(text);
      this.statements.set(text, statement);
    }
    statement.run(values);
  }
  /** Prepared multi-row inserts by text: a table's full batches share one. */
  private readonly statements = new Map<string, Database.Statement>();
  async upsert(table: TableInfo, rows: Row[]): Promise<void> {
    for (const row of rows) {
      const set = Object.fromEntries(Object.entries(row).filter(([property]) => !table.primaryKey.includes(property)));
      await this.db.insert(this.table(table)).values(row as never).onConflictDoUpdate({ target: this.keyColumns(table) as never, set: set as never });
    }
  }
  async setColumn(table: TableInfo, key: Row, column: string, value: unknown): Promise<void> {
    await this.db.update(this.table(table)).set({ [column]: value } as never).where(keyCondition(this.table(table), table, key));
  }
  async number(query: string): Promise<number> {
    return Number(this.client.prepare(query).pluck().get() ?? 0);
  }
  async begin(mode: "read" | "write"): Promise<void> {
    // A read transaction keeps one snapshot (WAL); IMMEDIATE takes the write lock before the emptiness check.
    this.client.exec(mode === "read" ? "BEGIN" : "BEGIN IMMEDIATE");
  }
  async commit(): Promise<void> {
    this.client.exec("COMMIT");
  }
  async rollback(): Promise<void> {
    if (this.client.inTransaction) this.client.exec("ROLLBACK");
  }
  async finishCopy(): Promise<void> {
    // INTEGER PRIMARY KEY AUTOINCREMENT: sqlite_sequence follows the largest id inserted, nothing to do.
  }
  async integrityProblems(): Promise<string[]> {
    const problems: string[] = [];
    const orphans = this.client.pragma("foreign_key_check") as Array<{ table: string; rowid: number; parent: string }>;
    for (const orphan of orphans.slice(0, 5)) problems.push(`${orphan.table} row ${orphan.rowid} references a missing ${orphan.parent} row`);
    if (orphans.length > 5) problems.push(`… ${orphans.length - 5} more rows with a missing parent`);
    try {
      this.client.exec("INSERT INTO posts_fts(posts_fts, rank) VALUES ('integrity-check', 1)");
    } catch (error) {
      problems.push(`the search index posts_fts does not match posts (${error instanceof Error ? error.message : String(error)})`);
    }
    return problems;
  }
  async close(): Promise<void> {
    this.client.close();
  }
}

class PostgresEndpoint implements CopyEndpoint {
  readonly engine = "postgres";
  private readonly db: NodePgDatabase;
  constructor(
    private readonly client: pg.Client,
    readonly label: string,
  ) {
    this.db = drizzlePostgres(client);
  }
  private table(table: TableInfo) {
    return tableOf<PgTable>(pgSchema, table);
  }
  private keyColumns(table: TableInfo): Column[] {
    return keyColumnsOf(this.table(table), table);
  }
  async readBatch(table: TableInfo, last: Row | undefined, limit: number): Promise<Row[]> {
    const keys = this.keyColumns(table);
    const query = this.db.select().from(this.table(table));
    const filtered = last ? query.where(after(keys, last, table.primaryKey)) : query;
    return (await filtered.orderBy(...keys.map((column) => asc(column))).limit(limit)) as Row[];
  }
  async insert(table: TableInfo, rows: Row[]): Promise<void> {
    const { text, values } = insertStatement(this.table(table), table.name, rows, (index) => `$${index}`);
    await this.client.query(text, values);
  }
  async upsert(table: TableInfo, rows: Row[]): Promise<void> {
    for (const row of rows) {
      const set = Object.fromEntries(Object.entries(row).filter(([property]) => !table.primaryKey.includes(property)));
      await this.db.insert(this.table(table)).values(row as never).onConflictDoUpdate({ target: this.keyColumns(table) as never, set: set as never });
    }
  }
  async setColumn(table: TableInfo, key: Row, column: string, value: unknown): Promise<void> {
    await this.db.update(this.table(table)).set({ [column]: value } as never).where(keyCondition(this.table(table), table, key));
  }
  async number(query: string): Promise<number> {
    const { rows } = await this.client.query<{ value: unknown }>({ text: query, rowMode: "array" } as pg.QueryConfig);
    const first = (rows[0] as unknown as unknown[] | undefined)?.[0];
    return Number(first ?? 0);
  }
  async begin(mode: "read" | "write"): Promise<void> {
    // The source: one snapshot for the whole read. The target: one transaction for the whole copy.
    await this.client.query(mode === "read" ? "begin isolation level repeatable read read only" : "begin");
  }
  async commit(): Promise<void> {
    await this.client.query("commit");
  }
  async rollback(): Promise<void> {
    await this.client.query("rollback").catch(() => undefined);
  }
  async finishCopy(): Promise<void> {
    // Identity columns are "generated by default": the copy gave its ids, so each sequence still
    // starts at 1. Set it past the largest id, or the next insert without an id would collide.
    const { rows } = await this.client.query<{ table_name: string; column_name: string }>(
      "select table_name, column_name from information_schema.columns where table_schema = 'public' and is_identity = 'YES' order by table_name",
    );
    for (const { table_name: table, column_name: column } of rows) {
      await this.client.query(
        `select setval(pg_get_serial_sequence($1, $2), coalesce((select max("${column}") from "${table}"), 0) + 1, false)`,
        [`"${table}"`, column],
      );
    }
  }
  async integrityProblems(): Promise<string[]> {
    // Foreign keys were checked by every insert (they are not deferrable); the indexes keep themselves.
    // Fresh statistics for the planner, which has none for tables filled in one transaction.
    await this.client.query("analyze");
    return [];
  }
  async close(): Promise<void> {
    await this.client.end();
  }
}

export class CopyRefusedError extends Error {}

/** A copy that failed before its commit: the target was rolled back, as empty as before. */
export class CopyRolledBackError extends Error {}

/**
 * Opens a database named by a DATABASE_URL-style URL and applies its engine's migrations.
 * `mustExist`: a SQLite source must be a file already (never create an empty one to copy from).
 * Refuses (CopyRefusedError) while a server uses it: what it writes during the copy would be lost
 * (SQLite: its `<database>.pid` names a live process; PostgreSQL: another client session is connected).
 */
export async function openCopyEndpoint(url: string, { mustExist }: { mustExist: boolean }): Promise<CopyEndpoint> {
  const target: DatabaseTarget = parseDatabaseUrl(url);
  if (target.engine === "sqlite") {
    if (mustExist && !existsSync(target.path)) throw new CopyRefusedError(`No database at ${target.path}.`);
    const pid = runningServer(target.path);
    if (pid) throw new CopyRefusedError(`A Quads server (process ${pid}) is running on ${target.path}. Stop it first (SIGTERM / Ctrl-C), then run the copy again.`);
    // openDatabase: WAL, foreign keys on, busy timeout, migrations (the same as a server start).
    const database = openDatabase(target.path);
    // A large page cache for this one connection: the indexes of the largest tables (the points
    // ledger's three) are filled in key order of another column, so each insert touches pages all
    // over them; with SQLite's default 2 MB cache most of a large copy went to re-reading them.
    database.$client.pragma("cache_size = -262144");
    return new SqliteEndpoint(database.$client, target.path);
  }
  const client = new pg.Client({ connectionString: target.url, ssl: target.ssl || undefined });
  try {
    await client.connect();
  } catch (error) {
    throw new CopyRefusedError(`Cannot connect to PostgreSQL at ${target.label}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { rows } = await client.query<{ others: string }>(
    "select count(*) as others from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'",
  );
  const others = Number(rows[0].others);
  if (others > 0) {
    await client.end();
    throw new CopyRefusedError(`${others} other session(s) connected to ${target.label} (a Quads server?). Stop every server on it first, then run the copy again.`);
  }
  await applyPostgresMigrations(client);
  // The posts' search indexes are GIN: new entries gather in a pending list merged in bulk when it
  // is full; a larger list (this session only) means fewer, larger merges while posts pour in.
  await client.query("set gin_pending_list_limit = '64MB'");
  return new PostgresEndpoint(client, target.label);
}

/** `"t"` quoted for both dialects. */
const quoted = (name: string) => `"${name}"`;

/** Row counts of every table (the migrations' own rows included). */
async function countRows(endpoint: CopyEndpoint, tables: TableInfo[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) counts.set(table.name, await endpoint.number(`select count(*) from ${quoted(table.name)}`));
  return counts;
}

/**
 * The tables that matter for "holds a community": any row in any table but those the migrations
 * fill. Returns a one-line reason to refuse, or undefined when the target is empty.
 */
export async function nonEmptyReason(endpoint: CopyEndpoint, tables: TableInfo[]): Promise<string | undefined> {
  const members = await endpoint.number(`select count(*) from "users"`);
  if (members > 0) return `${endpoint.label} already holds a community (${members} members): db:copy only writes into an empty database.`;
  for (const table of tables) {
    if (ROWS_FROM_MIGRATIONS.has(table.name)) continue;
    const rows = await endpoint.number(`select count(*) from ${quoted(table.name)}`);
    if (rows > 0) return `${endpoint.label} is not empty (${table.name} has ${rows} rows; a server started on it seeds reference data): db:copy only writes into an empty database.`;
  }
  return undefined;
}

/** Counters that sum many rows' columns: equal on both sides when every value arrived. Same SQL on both engines. */
export const KEY_COUNTERS: Array<{ label: string; query: string }> = [
  { label: "sum of users.points", query: `select coalesce(sum(points), 0) from users` },
  { label: "sum of contributions.points", query: `select coalesce(sum(points), 0) from contributions` },
  { label: "sum of posts.replies_count", query: `select coalesce(sum(replies_count), 0) from posts` },
  { label: "sum of posts.likes_count", query: `select coalesce(sum(likes_count), 0) from posts` },
  { label: "sum of replies.likes_count", query: `select coalesce(sum(likes_count), 0) from replies` },
  { label: "sum of meetings.attendees_count", query: `select coalesce(sum(attendees_count), 0) from meetings` },
  { label: "meeting_attendees who attended", query: `select count(*) from meeting_attendees where attended = true` },
  { label: "sum of resources.reviews_count", query: `select coalesce(sum(reviews_count), 0) from resources` },
  { label: "sum of music_artists.play_count", query: `select coalesce(sum(play_count), 0) from music_artists` },
  { label: "characters in posts (title and content)", query: `select coalesce(sum(length(title) + length(content)), 0) from posts` },
  { label: "characters in replies", query: `select coalesce(sum(length(content)), 0) from replies` },
  { label: "threaded replies (with a parent)", query: `select count(*) from replies where parent_reply_id is not null` },
  { label: "largest posts.id", query: `select coalesce(max(id), 0) from posts` },
  { label: "latest posts.created_at", query: `select coalesce(max(created_at), 0) from posts` },
];

export type ComparisonLine = { label: string; source: number; target: number; isEqual: boolean };

export type CopyProgress = { table: string; tableCopied: number; tableTotal: number; copied: number; total: number };

export type CopyResult = {
  rowsCopied: number;
  durationMs: number;
  /** Row counts of every table, then the key counters, source against target. */
  comparison: ComparisonLine[];
  /** What the target's engine still found wrong (foreign keys, search index). */
  integrityProblems: string[];
  isEqual: boolean;
};

async function measure(endpoint: CopyEndpoint, tables: TableInfo[]): Promise<Map<string, number>> {
  const values = new Map<string, number>();
  for (const [name, rows] of await countRows(endpoint, tables)) values.set(`rows in ${name}`, rows);
  for (const counter of KEY_COUNTERS) values.set(counter.label, await endpoint.number(counter.query));
  return values;
}

/**
 * Copies every table of `source` into the empty `target` (see the file's comment), then compares
 * them. Throws a CopyRefusedError, having written nothing, when the target holds a community; any
 * other failure rolls the target back to empty and is thrown as it is.
 */
export async function copyDatabase({
  source,
  target,
  batchSize = 1000,
  onProgress,
}: {
  source: CopyEndpoint;
  target: CopyEndpoint;
  batchSize?: number;
  onProgress?: (progress: CopyProgress) => void;
}): Promise<CopyResult> {
  const started = Date.now();
  const tables = copyOrder();
  await source.begin("read");
  try {
    await target.begin("write");
    let copied = 0;
    let sourceValues: Map<string, number>;
    try {
      const refusal = await nonEmptyReason(target, tables);
      if (refusal) throw new CopyRefusedError(refusal);
      sourceValues = await measure(source, tables);
      const total = tables.reduce((sum, table) => sum + (sourceValues.get(`rows in ${table.name}`) ?? 0), 0);
      for (const table of tables) {
        const tableTotal = sourceValues.get(`rows in ${table.name}`) ?? 0;
        let tableCopied = 0;
        onProgress?.({ table: table.name, tableCopied, tableTotal, copied, total });
        // Both engines bind at most ~32,000 values per statement (SQLite's default limit); stay under.
        const chunkSize = Math.max(1, Math.min(batchSize, Math.floor(30_000 / table.columnCount)));
        const seenKeys = table.selfReferences.map(() => new Set<unknown>());
        const pendingParents: Array<{ key: Row; column: string; value: unknown }> = [];
        let last: Row | undefined;
        for (;;) {
          const rows = await source.readBatch(table, last, batchSize);
          if (rows.length === 0) break;
          last = rows[rows.length - 1];
          for (let start = 0; start < rows.length; start += chunkSize) {
            const chunk = rows.slice(start, start + chunkSize);
            const toInsert = table.selfReferences.length === 0 ? chunk : chunk.map((row) => ({ ...row }));
            table.selfReferences.forEach((reference, index) => {
              // A row's parent inserted before it, or in the same statement (checked at its end), is fine.
              for (const row of toInsert) seenKeys[index].add(row[reference.referenced]);
              for (const row of toInsert) {
                const parent = row[reference.column];
                if (parent === null || parent === undefined || seenKeys[index].has(parent)) continue;
                pendingParents.push({ key: Object.fromEntries(table.primaryKey.map((property) => [property, row[property]])), column: reference.column, value: parent });
                row[reference.column] = null;
              }
            });
            if (ROWS_FROM_MIGRATIONS.has(table.name)) await target.upsert(table, toInsert);
            else await target.insert(table, toInsert);
            tableCopied += chunk.length;
            copied += chunk.length;
          }
          onProgress?.({ table: table.name, tableCopied, tableTotal, copied, total });
          if (rows.length < batchSize) break;
        }
        for (const pending of pendingParents) await target.setColumn(table, pending.key, pending.column, pending.value);
      }
      await target.finishCopy();
      await target.commit();
    } catch (error) {
      await target.rollback();
      if (error instanceof CopyRefusedError) throw error;
      throw new CopyRolledBackError(`${error instanceof Error ? error.message : String(error)} (the target was rolled back: nothing was written)`, { cause: error });
    }
    const targetValues = await measure(target, tables);
    const comparison = [...sourceValues].map(([label, value]) => {
      const other = targetValues.get(label) ?? Number.NaN;
      return { label, source: value, target: other, isEqual: value === other };
    });
    const integrityProblems = await target.integrityProblems();
    return {
      rowsCopied: copied,
      durationMs: Date.now() - started,
      comparison,
      integrityProblems,
      isEqual: comparison.every((line) => line.isEqual) && integrityProblems.length === 0,
    };
  } finally {
    await source.rollback();
  }
}
