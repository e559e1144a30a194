/**
 * The few pieces of SQL that differ between SQLite and PostgreSQL, each with its twin (the table
 * "The named places of dialect-specific SQL" in docs/decisions/0104-one-schema-two-dialects.md).
 * Feature code builds queries with Drizzle's builders (the same on both engines); where it needs
 * raw SQL, it runs it through `queryRows` / `executeSql` and takes the dialect-specific fragments
 * from here, never writing one engine's syntax itself.
 */
import { getTableName, is, sql, type SQL, type SQLWrapper, type Table } from "drizzle-orm";
import { PgDatabase } from "drizzle-orm/pg-core";
import { lockRow, type AppDatabase } from "./db.server";

export type Dialect = "sqlite" | "postgres";

/** Which engine a handle (from `readDb()` or a unit's `tx`) talks to. */
export function dialectOf(db: AppDatabase): Dialect {
  return is(db as unknown, PgDatabase) ? "postgres" : "sqlite";
}

type PgLike = { execute: (query: SQL) => Promise<{ rows: unknown[]; rowCount: number | null }> };
type SqliteLike = { all: (query: SQL) => unknown[]; run: (query: SQL) => { changes: number } };

/** The rows of a raw SQL query (column names as the query spells them), on either engine. */
export async function queryRows<T>(db: AppDatabase, query: SQL): Promise<T[]> {
  if (dialectOf(db) === "postgres") return (await (db as unknown as PgLike).execute(query)).rows as T[];
  return (db as unknown as SqliteLike).all(query) as T[];
}

/** Runs a raw SQL statement that returns no rows; the number of rows it changed. */
export async function executeSql(db: AppDatabase, query: SQL): Promise<number> {
  if (dialectOf(db) === "postgres") return (await (db as unknown as PgLike).execute(query)).rowCount ?? 0;
  return (db as unknown as SqliteLike).run(query).changes;
}

/**
 * `column IN (the ids of a JSON list)`: a variable list of ids as one parameter, so a prepared
 * query serves any count (decision 0077). `ids` is a JSON array text (`JSON.stringify([1, 2])`) or a
 * placeholder bound to one; `type` is the column's (integer ids, or text). SQLite: `json_each`;
 * PostgreSQL: `jsonb_array_elements_text`.
 */
export function inJsonIds(db: AppDatabase, column: SQLWrapper, ids: SQLWrapper | string, type: "integer" | "text" = "integer"): SQL {
  if (dialectOf(db) === "postgres") {
    // `= ANY(ARRAY(…))`, not `IN (SELECT …)`: the planner guesses 100 rows for a set-returning
    // function, which made a filtered look-up (the members page's counts) hash a whole table
    // (66 ms) instead of reading the index for a dozen ids (0.7 ms). docs/scaling.md.
    return type === "text"
      ? sql`${column} = ANY(ARRAY(SELECT jsonb_array_elements_text(${ids}::jsonb)))`
      : sql`${column} = ANY(ARRAY(SELECT (jsonb_array_elements_text(${ids}::jsonb))::bigint))`;
  }
  return sql`${column} IN (SELECT value FROM json_each(${ids}))`;
}

/** `greatest(0, expression)`: a counter that never goes below zero (SQLite spells it `max(0, …)`). */
export function atLeastZero(db: AppDatabase, expression: SQLWrapper): SQL {
  if (dialectOf(db) === "postgres") return sql`greatest(0, ${expression})`;
  return sql`max(0, ${expression})`;
}

/**
 * Whether `lower(expression)` contains `needle` (already lower case), anywhere: SQLite's
 * `instr`, PostgreSQL's `strpos` (no LIKE: `%` and `_` in a member's search are plain characters).
 */
export function containsText(db: AppDatabase, expression: SQLWrapper, needle: SQLWrapper | string): SQL {
  if (dialectOf(db) === "postgres") return sql`strpos(lower(${expression}), ${needle}) > 0`;
  return sql`instr(lower(${expression}), ${needle}) > 0`;
}

/** An expression to order or compare by without regard to ASCII case (SQLite: `COLLATE NOCASE`). */
export function caseless(db: AppDatabase, expression: SQLWrapper): SQL {
  if (dialectOf(db) === "postgres") return sql`lower(${expression}) COLLATE "C"`;
  return sql`${expression} COLLATE NOCASE`;
}

/**
 * A boolean constant written into the SQL (not bound): SQLite keeps booleans as 1/0, PostgreSQL has
 * `true`/`false` and refuses `boolean = 1`. A literal, so one prepared statement per value and the
 * planner sees the constant (the pinned posts' index walk in discussions/posts.server.ts).
 */
export function booleanLiteral(db: AppDatabase, value: boolean): SQL {
  if (dialectOf(db) === "postgres") return sql.raw(value ? "true" : "false");
  return sql.raw(value ? "1" : "0");
}

/**
 * A row count for `.limit(…)` written into the SQL (`LIMIT 20`), not bound (`LIMIT ?`). SQLite
 * (3.47 and later, built with STAT4 as better-sqlite3 is) reads a bound LIMIT while it plans and
 * marks the statement to be compiled again whenever that parameter is bound: a statement with
 * `LIMIT ?` is compiled twice on every run, prepared or not (the shell's statement: 3 µs to run,
 * 90 µs to compile; docs/decisions/0126-literal-limits.md). Same text on PostgreSQL. For constants
 * and small closed sets of values (a page size), never for a count a request chooses freely: each
 * value is its own statement. Drizzle's `.limit()` is typed `number | Placeholder` and writes an SQL
 * chunk as it is, hence the cast.
 */
export function literalLimit(count: number): number {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`literalLimit needs a non-negative integer, not ${count}`);
  return sql.raw(String(count)) as unknown as number;
}

/**
 * A JSON column as its text, to search in (`lower(…) LIKE`): SQLite keeps JSON as text already;
 * PostgreSQL's `jsonb` needs the cast (there is no `lower(jsonb)`).
 */
export function jsonText(db: AppDatabase, column: SQLWrapper): SQL {
  if (dialectOf(db) === "postgres") return sql`${column}::text`;
  return sql`${column}`;
}

/**
 * The end of a `SELECT` that picks rows to claim (a queue's next batch): PostgreSQL's `FOR UPDATE
 * SKIP LOCKED`, so concurrent claimers on several boxes take different rows instead of queueing on
 * the same ones; nothing on SQLite, whose unit of work already holds the one write lock
 * (docs/decisions/0110-background-work-once.md).
 */
export function skipLockedRows(db: AppDatabase): SQL {
  if (dialectOf(db) === "postgres") return sql` FOR UPDATE SKIP LOCKED`;
  return sql``;
}

/**
 * ` INDEXED BY <index>` after a table in FROM on SQLite, nothing on PostgreSQL. For a correlated
 * subquery that should read a partial index: SQLite's planner prefers a plain index that has
 * statistics (sqlite_stat1, written by ANALYZE) over a partial one that has none, while
 * PostgreSQL's statistics are kept current by autovacuum. The statement fails to prepare if the
 * index is missing, so a test of the query catches a renamed index.
 */
export function indexedBy(db: AppDatabase, index: string): SQL {
  if (dialectOf(db) === "postgres") return sql``;
  return sql.raw(` INDEXED BY "${index}"`);
}

/**
 * Takes the turn of a hot row for the rest of the unit of work `tx`: a row that many units update
 * at once (a post's reply and like counters, a meeting's attendees, a member's points). Call it
 * first thing in the unit, before reading what you will update, in every unit that updates that
 * row's counter. PostgreSQL: an advisory lock keyed by the row, taken before the unit's
 * SERIALIZABLE snapshot when another unit holds it, so writers queue instead of exhausting their
 * retries (docs/decisions/0106-hot-rows-on-postgres.md). SQLite, or outside a unit of work: nothing
 * (SQLite has one writer at a time already; a read alone needs no turn).
 */
export async function lockRowForUpdate(tx: AppDatabase, table: Table, id: string | number): Promise<void> {
  if (dialectOf(tx) === "postgres") await lockRow(getTableName(table), id);
}
