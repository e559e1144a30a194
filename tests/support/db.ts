/**
 * Direct access to the e2e server's database, for setup steps (e.g. giving a test
 * user the moderator role). Prefer the UI or the API for what the test is about.
 *
 * SQLite (the default): the server's file through better-sqlite3. PostgreSQL (QUADS_E2E_ENGINE=postgres,
 * docs/operations.md "Browser tests on PostgreSQL"): the same small synchronous surface
 * (`prepare(sql).run/get/all`, `transaction`) through `psql`, so a test's setup SQL runs on either
 * engine as long as it is portable SQL (quote camelCase aliases: `AS "likesCount"`).
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";
import { inject } from "vitest";
import { findPostgresBinaries } from "../../scripts/lib/postgres-tools.mjs";

type Row = Record<string, unknown>;
export type TestStatement = {
  run(...params: unknown[]): { changes: number };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
};
export type TestDatabase = {
  prepare(source: string): TestStatement;
  /** Like better-sqlite3's: returns a function that runs `work` in one transaction (on PostgreSQL, statement by statement). */
  transaction(work: () => void): () => void;
};

/** Whether this e2e run's server is on PostgreSQL (tests/support/global-setup.ts). */
export function e2eOnPostgres(): boolean {
  return inject("databaseUrl").startsWith("postgres");
}

/** A parameter as an SQL literal (test setup only: the values are the tests' own). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  return `'${String(value).replace(/'/g, "''")}'`;
}

function bind(source: string, params: unknown[]): string {
  let index = 0;
  return source.replace(/\?/g, () => literal(params[index++]));
}

function psql(url: string, command: string): string {
  const bin = findPostgresBinaries({ tool: "psql" }).binDirectory;
  return execFileSync(path.join(bin, "psql"), ["-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", command], { encoding: "utf8" });
}

/** Booleans as SQLite gives them (1/0), so a test's expectations hold on both engines. */
const asSqlite = (row: Row): Row => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === "boolean" ? Number(value) : value]));

function postgresDatabase(url: string): TestDatabase {
  const rows = (source: string, params: unknown[]): Row[] => {
    const statement = bind(source, params).trim().replace(/;$/, "");
    const isQuery = /^\s*(select|with)\b/i.test(statement);
    const wrapped = isQuery ? `select coalesce(json_agg(t), '[]') from (${statement}) t` : `with t as (${statement}) select coalesce(json_agg(t), '[]') from t`;
    return (JSON.parse(psql(url, wrapped)) as Row[]).map(asSqlite);
  };
  return {
    prepare(source) {
      return {
        run(...params) {
          if (/\breturning\b/i.test(source)) return { changes: rows(source, params).length };
          const counted = psql(url, `with t as (${bind(source, params).trim().replace(/;$/, "")} returning 1) select count(*) from t`);
          return { changes: Number(counted.trim()) };
        },
        get: (...params) => rows(source, params)[0],
        all: (...params) => rows(source, params),
      };
    },
    transaction: (work) => work,
  };
}

export function withDatabase<T>(work: (db: TestDatabase) => T): T {
  const url = inject("databaseUrl");
  if (url.startsWith("postgres")) return work(postgresDatabase(url));
  const db = new Database(inject("databasePath"));
  db.pragma("busy_timeout = 5000");
  try {
    return work(db as unknown as TestDatabase);
  } finally {
    db.close();
  }
}

/** Sets a user's role by e-mail; the server reads the user on every request, so it applies at once. */
export function setRole(email: string, role: "member" | "moderator" | "admin"): void {
  withDatabase((db) => {
    const result = db.prepare("update users set role = ? where lower(email) = lower(?)").run(role, email);
    if (result.changes !== 1) throw new Error(`setRole: no user with e-mail ${email}`);
  });
}
