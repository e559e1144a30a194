/**
 * db/schema.ts (SQLite) and db/schema.pg.ts (PostgreSQL) describe the same database
 * (docs/decisions/0104-one-schema-two-dialects.md): the same tables, columns, nullability,
 * defaults, keys and index names, each SQLite type with its one PostgreSQL twin, and the same
 * TypeScript row types (checked by tsc below). The migrated databases themselves are compared in
 * db/migrations-pg.pg.test.ts.
 */
import { type InferInsertModel, type InferSelectModel, is, SQL } from "drizzle-orm";
import { getTableConfig as getPgTableConfig, type PgColumn, PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as getSqliteTableConfig, type SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as sqliteSchema from "./schema";
import * as pgSchema from "./schema.pg";

/** SQLite integer columns holding milliseconds (not in timestamp mode): bigint on PostgreSQL. */
export const BIGINT_INTEGERS = new Set(["rate_limits.reset_at", "posts_text_version.version"]);

/** The PostgreSQL type a SQLite column becomes (drizzle's column kinds). */
export function expectedPgType(table: string, column: SQLiteColumn): string {
  switch (column.columnType) {
    case "SQLiteText":
      return "text";
    case "SQLiteTextJson":
      return "jsonb";
    case "SQLiteTimestamp":
      return "bigint";
    case "SQLiteBoolean":
      return "boolean";
    case "SQLiteReal":
      return "double precision";
    case "SQLiteInteger":
      return BIGINT_INTEGERS.has(`${table}.${column.name}`) ? "bigint" : "integer";
    default:
      throw new Error(`No PostgreSQL twin known for ${table}.${column.name} (${column.columnType})`);
  }
}

/** A default as a comparable string: literals as they are, SQL defaults by what they mean. */
function defaultOf(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (!is(value, SQL)) return JSON.stringify(value);
  const text = value.queryChunks.map((chunk) => ((chunk as { value?: string[] }).value ?? []).join("")).join("");
  if (/unixepoch\('subsec'\)|statement_timestamp\(\)/.test(text)) return "now in ms";
  return text.replace(/::jsonb$/, "");
}

function tablesOf<T>(module: Record<string, unknown>, isTable: (value: unknown) => value is T): Map<string, T> {
  return new Map(Object.entries(module).filter((entry): entry is [string, T] => isTable(entry[1])));
}
const sqliteTables = tablesOf(sqliteSchema, (value): value is SQLiteTable => is(value, SQLiteTable));
const pgTables = tablesOf(pgSchema, (value): value is PgTable => is(value, PgTable));

type Described = {
  name: string;
  columns: Record<string, { type: string; notNull: boolean; primary: boolean; unique: boolean; generated: boolean; default: string | undefined }>;
  primaryKey: string[];
  foreignKeys: string[];
  indexes: string[];
};

function describeSqlite(table: SQLiteTable): Described {
  const config = getSqliteTableConfig(table);
  const columns: Described["columns"] = {};
  for (const column of config.columns) {
    columns[column.name] = {
      type: expectedPgType(config.name, column),
      notNull: column.notNull,
      primary: column.primary,
      unique: column.isUnique,
      // An integer primary key is SQLite's rowid: given one when an insert leaves it out, AUTOINCREMENT or not.
      generated: column.columnType === "SQLiteInteger" && column.primary,
      default: defaultOf(column.default),
    };
  }
  return {
    name: config.name,
    columns,
    primaryKey: config.primaryKeys.flatMap((key) => key.columns.map((column) => column.name)),
    foreignKeys: config.foreignKeys.map((key) => {
      const reference = key.reference();
      return `${reference.columns.map((c) => c.name)} -> ${getSqliteTableConfig(reference.foreignTable).name}(${reference.foreignColumns.map((c) => c.name)}) on delete ${key.onDelete ?? "no action"}`;
    }),
    indexes: config.indexes.map((index) => `${index.config.name}${index.config.unique ? " unique" : ""}${index.config.where ? " partial" : ""}`),
  };
}

function describePg(table: PgTable): Described {
  const config = getPgTableConfig(table);
  const columns: Described["columns"] = {};
  for (const column of config.columns as PgColumn[]) {
    columns[column.name] = {
      type: column.getSQLType(),
      notNull: column.notNull,
      primary: column.primary,
      unique: column.isUnique,
      generated: column.generatedIdentity !== undefined,
      default: defaultOf(column.default),
    };
  }
  return {
    name: config.name,
    columns,
    primaryKey: config.primaryKeys.flatMap((key) => key.columns.map((column) => column.name)),
    foreignKeys: config.foreignKeys.map((key) => {
      const reference = key.reference();
      return `${reference.columns.map((c) => c.name)} -> ${getPgTableConfig(reference.foreignTable).name}(${reference.foreignColumns.map((c) => c.name)}) on delete ${key.onDelete ?? "no action"}`;
    }),
    indexes: config.indexes.map((index) => `${index.config.name}${index.config.unique ? " unique" : ""}${index.config.where ? " partial" : ""}`),
  };
}

describe("the SQLite and PostgreSQL schemas", () => {
  it("export the same tables under the same names", () => {
    expect([...pgTables.keys()].sort()).toEqual([...sqliteTables.keys()].sort());
    expect(sqliteTables.size).toBeGreaterThan(30);
  });

  it("export the same names besides tables (the enums features read from `schema`, e.g. schema.platforms)", () => {
    expect(Object.keys(pgSchema).sort()).toEqual(Object.keys(sqliteSchema).sort());
  });

  it.each([...sqliteTables.keys()])("%s: same columns, types, nullability, defaults, keys and indexes", (key) => {
    expect(describePg(pgTables.get(key) as PgTable)).toEqual(describeSqlite(sqliteTables.get(key) as SQLiteTable));
  });
});

// Compile-time: every table's row (select) and insert types are the same on both engines, so a
// feature function typed by db/schema.ts reads and writes either database. `npx tsc` fails otherwise.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type SqliteTables = { [K in keyof typeof sqliteSchema as (typeof sqliteSchema)[K] extends SQLiteTable ? K : never]: (typeof sqliteSchema)[K] };
type PgTables = typeof pgSchema;
type Mismatched = {
  [K in keyof SqliteTables]: K extends keyof PgTables
    ? Equal<InferSelectModel<SqliteTables[K]>, InferSelectModel<PgTables[K]>> extends true
      ? Equal<InferInsertModel<SqliteTables[K]>, InferInsertModel<PgTables[K]>> extends true
        ? never
        : K
      : K
    : K;
}[keyof SqliteTables];
const sameRowTypes: Equal<Mismatched, never> = true;
void sameRowTypes;
