/** The dialect helpers' behaviour, run on SQLite (sql-dialect.server.test.ts) and PostgreSQL (sql-dialect.server.pg.test.ts). */
import { sql, type SQL } from "drizzle-orm";
import { expect, it } from "vitest";
import type { AppDatabase } from "./db.server";
import { atLeastZero, booleanLiteral, caseless, jsonText, containsText, dialectOf, executeSql, inJsonIds, literalLimit, queryRows, skipLockedRows } from "./sql-dialect.server";

/** The select builder both engines' handles share, with a FROM written as SQL (a table made by the test). */
type BuilderLike = {
  select: (fields: { id: SQL<number> }) => {
    from: (table: SQL) => { orderBy: (order: SQL) => { limit: (count: number) => PromiseLike<{ id: number }[]> & { toSQL: () => { sql: string; params: unknown[] } } } };
  };
};

export function dialectHelperTests(handle: () => AppDatabase, dialect: "sqlite" | "postgres") {
  it("names the engine of a handle", () => {
    expect(dialectOf(handle())).toBe(dialect);
  });

  it("runs raw SQL: rows back, changed rows counted", async () => {
    const db = handle();
    await executeSql(db, sql`create table dialect_probe (id integer primary key, name text not null, n integer not null)`);
    const changed = await executeSql(db, sql`insert into dialect_probe (id, name, n) values (1, 'beta', 2), (2, 'Alpha', 5), (3, 'gamma', 0)`);
    expect(changed).toBe(3);
    const rows = await queryRows<{ id: number; name: string }>(db, sql`select id, name from dialect_probe where ${inJsonIds(db, sql.raw("id"), JSON.stringify([1, 3, 99]))} order by id`);
    expect(rows.map((row) => [Number(row.id), row.name])).toEqual([
      [1, "beta"],
      [3, "gamma"],
    ]);
    expect(await queryRows(db, sql`select id from dialect_probe where ${inJsonIds(db, sql.raw("id"), "[]")}`)).toEqual([]);
    const named = await queryRows<{ id: number }>(db, sql`select id from dialect_probe where ${inJsonIds(db, sql.raw("name"), JSON.stringify(["gamma", "x"]), "text")}`);
    expect(named.map((row) => Number(row.id))).toEqual([3]);
    await executeSql(db, sql`update dialect_probe set n = ${atLeastZero(db, sql`n - 3`)}`);
    const counters = await queryRows<{ n: number }>(db, sql`select n from dialect_probe order by id`);
    expect(counters.map((row) => Number(row.n))).toEqual([0, 2, 0]);
    const found = await queryRows<{ id: number }>(db, sql`select id from dialect_probe where ${containsText(db, sql.raw("name"), "alp")} or ${containsText(db, sql.raw("name"), "%")}`);
    expect(found.map((row) => Number(row.id))).toEqual([2]);
    const ordered = await queryRows<{ name: string }>(db, sql`select name from dialect_probe order by ${caseless(db, sql.raw("name"))}`);
    expect(ordered.map((row) => row.name)).toEqual(["Alpha", "beta", "gamma"]);
  });

  it("writes a LIMIT into the SQL instead of binding it (decision 0126)", async () => {
    const db = handle() as unknown as BuilderLike;
    await executeSql(handle(), sql`create table limit_probe (id integer primary key)`);
    await executeSql(handle(), sql`insert into limit_probe (id) values (1), (2), (3)`);
    const query = db.select({ id: sql<number>`id` }).from(sql`limit_probe`).orderBy(sql`id`).limit(literalLimit(2));
    const { sql: text, params } = query.toSQL();
    expect(text).toMatch(/ limit 2$/);
    expect(params).toEqual([]);
    expect((await query).map((row) => Number(row.id))).toEqual([1, 2]);
    expect(() => literalLimit(-1)).toThrow(RangeError);
    expect(() => literalLimit(1.5)).toThrow(RangeError);
    expect(() => literalLimit(Number.NaN)).toThrow(RangeError);
  });

  it("writes boolean constants the engine compares a boolean column with", async () => {
    const db = handle();
    const flag = dialect === "postgres" ? "boolean" : "integer";
    await executeSql(db, sql.raw(`create table boolean_probe (id integer primary key, flag ${flag} not null)`));
    await executeSql(db, sql`insert into boolean_probe (id, flag) values (1, ${booleanLiteral(db, true)}), (2, ${booleanLiteral(db, false)})`);
    const yes = await queryRows<{ id: number }>(db, sql`select id from boolean_probe where flag = ${booleanLiteral(db, true)}`);
    const no = await queryRows<{ id: number }>(db, sql`select id from boolean_probe where flag = ${booleanLiteral(db, false)}`);
    expect([yes.map((row) => Number(row.id)), no.map((row) => Number(row.id))]).toEqual([[1], [2]]);
  });

  it("reads a JSON column as text to search in", async () => {
    const db = handle();
    const json = dialect === "postgres" ? "jsonb" : "text";
    await executeSql(db, sql.raw(`create table json_probe (id integer primary key, tags ${json} not null)`));
    await executeSql(db, sql`insert into json_probe (id, tags) values (1, ${JSON.stringify(["Machine Learning", "Go"])}), (2, ${"[]"})`);
    const found = await queryRows<{ id: number }>(db, sql`select id from json_probe where lower(${jsonText(db, sql.raw("tags"))}) like ${"%learning%"}`);
    expect(found.map((row) => Number(row.id))).toEqual([1]);
  });

  it("ends a claim's SELECT so that concurrent claimers skip each other's rows (PostgreSQL) and is valid SQL on both", async () => {
    const db = handle();
    await executeSql(db, sql`create table claim_probe (id integer primary key)`);
    await executeSql(db, sql`insert into claim_probe (id) values (1), (2)`);
    const picked = await queryRows<{ id: number }>(db, sql`select id from claim_probe order by id limit 1${skipLockedRows(db)}`);
    expect(picked.map((row) => Number(row.id))).toEqual([1]);
  });
}
