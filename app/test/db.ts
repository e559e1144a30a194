/**
 * Tests' raw reads and writes, on whichever engine the test file runs (SQLite: the "unit" project;
 * PostgreSQL: "unit-pg", app/test/setup-pg.ts). Through `readDb()` / `write()` and
 * app/utils/sql-dialect.server.ts, never the synchronous API: the SQL must be valid on both engines
 * (quote camelCase aliases: `AS "postId"`; `count(*)` and sums come back as numbers on both).
 *
 * The query is a Drizzle `sql` template, or a text with a `?` for each of `params`:
 * `await scalar(sql\`SELECT points FROM users WHERE id = ${id}\`)`, `await scalar("SELECT points FROM users WHERE id = ?", id)`.
 */
import Database from "better-sqlite3";
import { sql, type SQL } from "drizzle-orm";
import pg from "pg";
import { closeDb, engine, prepareDatabase, readDb, write } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { executeSql, queryRows } from "~/utils/sql-dialect.server";

function queryOf(query: SQL | string, params: unknown[]): SQL {
  if (typeof query !== "string") return query;
  const parts = query.split("?");
  if (parts.length !== params.length + 1) throw new Error(`${parts.length - 1} placeholders for ${params.length} parameters: ${query}`);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    if (index > 0) chunks.push(sql`${params[index - 1]}`);
    chunks.push(sql.raw(part));
  });
  return sql.join(chunks);
}

/** The rows of a raw query, read through `readDb()` (column names as the query spells them). */
export function rows<T = Record<string, unknown>>(query: SQL | string, ...params: unknown[]): Promise<T[]> {
  return queryRows<T>(readDb(), queryOf(query, params));
}

/** The first row of a raw query (undefined when there is none). */
export async function row<T = Record<string, unknown>>(query: SQL | string, ...params: unknown[]): Promise<T | undefined> {
  return (await rows<T>(query, ...params))[0];
}

/** The first column of the first row of a raw query (undefined when there is no row). */
export async function scalar<T = number>(query: SQL | string, ...params: unknown[]): Promise<T> {
  const [first] = await rows<Record<string, T>>(query, ...params);
  return (first ? Object.values(first)[0] : undefined) as T;
}

/** Runs a raw statement in a unit of work of its own (or the running one); the number of rows it changed. */
export function run(query: SQL | string, ...params: unknown[]): Promise<number> {
  const statement = queryOf(query, params);
  return write((tx) => executeSql(tx, statement));
}

/**
 * A write by another process of the same community (a cluster worker, a script): on a connection of
 * its own, committed at once. `text` has a `?` for each of `params`. SQLite: another connection
 * to the file. PostgreSQL: another client, whose commit notifies the write version as every Quads
 * process's does (app/utils/postgres-engine.server.ts): this process learns of it when the
 * notification arrives, a moment later (wait for it with `vi.waitFor`).
 */
export async function writeFromAnotherProcess(text: string, ...params: unknown[]): Promise<void> {
  if (engine === "sqlite") {
    const other = new Database(getEnv().databasePath);
    try {
      other.prepare(text).run(...params);
    } finally {
      other.close();
    }
    return;
  }
  const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await other.connect();
  try {
    let index = 0;
    await other.query("BEGIN");
    await other.query(
      text.replace(/\?/g, () => `$${(index += 1)}`),
      params,
    );
    await other.query("NOTIFY quads_writes");
    await other.query("COMMIT");
  } finally {
    await other.end();
  }
}

/** The process stops and starts again: its connections closed, then opened anew as a new process would (migrations, listener). */
export async function restartDatabase(): Promise<void> {
  await closeDb();
  await prepareDatabase();
}

/**
 * The SQL of every statement the read handle runs while `work` runs (`readDb()` outside a unit of
 * work: the read connection on SQLite, the pool on PostgreSQL), for a test that counts queries on
 * both engines. Read from the handle's Drizzle query logger, which every statement it executes
 * reports to (prepared once or built each time); units of work run on other handles and are not seen.
 */
export async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const { logger } = (readDb() as unknown as { session: { logger: { logQuery(query: string, params: unknown[]): void } } }).session;
  const logQuery = logger.logQuery;
  const statements: string[] = [];
  logger.logQuery = (query, params) => {
    statements.push(query);
    logQuery.call(logger, query, params);
  };
  try {
    await work();
  } finally {
    logger.logQuery = logQuery;
  }
  return statements;
}
