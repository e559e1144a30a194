/**
 * The PostgreSQL engine's round trips (docs/scaling.md, "Where the time goes per request"): statements with
 * parameters go as named prepared statements (parsed once per connection), bounded per connection,
 * and a unit of work's BEGIN and COMMIT each take one round trip.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, withPostgresClient } from "~/test/postgres";
import { parseDatabaseUrl, type PostgresDatabase } from "./database-url.server";
import { nameStatementsOf, PostgresEngine, statementNameOf } from "./postgres-engine.server";

let url: string;
beforeAll(async () => {
  url = await createTestDatabase();
});

type Prepared = { name: string; statement: string };

describe("named prepared statements", () => {
  it("sends a statement with parameters by name, once parsed per connection, and at most `limit` names", async () => {
    await withPostgresClient(url, async (client) => {
      nameStatementsOf(client, 2);
      const prepared = async () => (await client.query<Prepared>("select name, statement from pg_prepared_statements order by prepare_time")).rows;
      expect(await prepared()).toEqual([]); // no parameters: a simple query, never named
      for (let round = 0; round < 3; round += 1) {
        expect((await client.query({ text: "select $1::int + 1 as value" }, [41])).rows).toEqual([{ value: 42 }]);
      }
      expect((await client.query({ text: "select $1::text as word" }, ["two"])).rows).toEqual([{ word: "two" }]);
      expect((await client.query({ text: "select $1::int * 3 as value" }, [3])).rows).toEqual([{ value: 9 }]); // past the limit: unnamed
      expect(await prepared()).toEqual([
        { name: statementNameOf("select $1::int + 1 as value"), statement: "select $1::int + 1 as value" },
        { name: statementNameOf("select $1::text as word"), statement: "select $1::text as word" },
      ]);
      // A name the caller chose is kept as it is.
      await client.query({ name: "mine", text: "select $1::int as value" }, [1]);
      expect((await prepared()).map((row) => row.name)).toContain("mine");
    });
  });

  it("gives the same text the same name, and different texts different names", () => {
    expect(statementNameOf("select 1 where $1")).toBe(statementNameOf("select 1 where $1"));
    expect(statementNameOf("select 1 where $1")).not.toBe(statementNameOf("select 2 where $1"));
    expect(statementNameOf("select 1 where $1")).toMatch(/^q_[0-9a-f]{24}$/);
  });
});

describe("the engine's connections", () => {
  const engine = () => new PostgresEngine(parseDatabaseUrl(url) as PostgresDatabase, { poolSize: 1, statementTimeoutMs: 0 });
  let started: PostgresEngine;
  beforeAll(async () => {
    started = engine();
    await started.start();
  });
  afterAll(async () => {
    await started.close();
  });

  it("prepares the features' statements by name on every pooled connection", async () => {
    const rows = await started.db.execute(sql`select ${7}::int as seven`);
    expect(rows.rows).toEqual([{ seven: 7 }]);
    const { rows: prepared } = await started.pool.query<{ statement: string }>("select statement from pg_prepared_statements");
    expect(prepared.map((row) => row.statement)).toContain("select $1::int as seven");
  });

  it("commits a unit of work (BEGIN with its lock timeout, NOTIFY with COMMIT: one round trip each) and rolls one back", async () => {
    const versionBefore = started.version();
    const client = await started.begin(250);
    await client.query("create table if not exists unit_probe (value int)");
    expect((await client.query<{ lock_timeout: string }>("show lock_timeout")).rows[0].lock_timeout).toBe("250ms");
    await client.query("insert into unit_probe values (1)");
    // The COMMIT's answer reaches this process only after the notification has (as happens when the
    // listening connection's data is read first): the delivery is still recognised.
    const answerLate = new Proxy(client, {
      get: (target, key) =>
        key === "query"
          ? async (text: string) => {
              const result = await target.query(text);
              await new Promise((resolve) => setTimeout(resolve, 300));
              return result;
            }
          : Reflect.get(target, key),
    });
    const { delivered } = await started.commit(answerLate, 60_000);
    client.release();
    expect(started.version()).not.toBe(versionBefore);
    // Resolved by the commit's own notification coming back (the 60-second fallback would time the test out),
    // and not counted as one more write (decision 0121).
    const afterCommit = started.version();
    await delivered;
    expect(started.version()).toBe(afterCommit);
    const again = await started.begin();
    await again.query("insert into unit_probe values (2)");
    await started.rollback(again);
    again.release();
    expect((await started.pool.query<{ value: number }>("select value from unit_probe")).rows).toEqual([{ value: 1 }]);
  });
});
