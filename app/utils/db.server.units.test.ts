/**
 * The async data layer with many requests in flight in one process (docs/decisions/0102-async-data-layer.md):
 * units of work never interleave on the writer, readers never see uncommitted rows, a failing unit
 * rolls back and lets the next one in, and the synchronous API of the unconverted features stays
 * correct beside it.
 */
import Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { afterCommit, bestEffortUnit, BOOKKEEPING_BUSY_TIMEOUT_MS, cachedUntilWrite, isDatabaseBusy, databaseVersion, readDb, sqliteWriterForTesting, write, type AppDatabase } from "./db.server";

type Row = { value: number };
const readCounter = (db: AppDatabase, name = "hits"): number | undefined => db.get<Row>(sql`select value from test_counters where name = ${name}`)?.value;
const readCounterAsync = async (db: AppDatabase, name = "hits") => (await db.all<Row>(sql`select value from test_counters where name = ${name}`))[0]?.value;
// Through the client, as a feature's raw SQL would (Drizzle's `db.run(sql)` wraps a driver error in its own).
const setCounter = (db: AppDatabase, value: number, name = "hits") =>
  db.$client.prepare("insert into test_counters (name, value) values (?, ?) on conflict (name) do update set value = excluded.value").run(name, value);

beforeAll(() => {
  sqliteWriterForTesting().run(sql`create table test_counters (name text primary key, value integer not null)`);
});
beforeEach(() => {
  sqliteWriterForTesting().run(sql`delete from test_counters`);
});

/** Gives way to timers and I/O callbacks: other requests' code runs while the caller is suspended. */
const yieldToOtherRequests = () => sleep(1);

describe("units of work: write(async (tx) => …)", () => {
  it("runs 50 interleaved read-modify-write units one at a time: no lost update, no interleaving", async () => {
    const events: string[] = [];
    let inside = 0;
    let mostInsideAtOnce = 0;
    const increment = (id: number) =>
      write(async (tx) => {
        inside += 1;
        mostInsideAtOnce = Math.max(mostInsideAtOnce, inside);
        events.push(`begin ${id}`);
        const current = (await readCounterAsync(tx)) ?? 0;
        await yieldToOtherRequests();
        setCounter(tx, current + 1);
        await yieldToOtherRequests();
        events.push(`end ${id}`);
        inside -= 1;
        return current + 1;
      });
    const readsOutside: number[] = [];
    const reader = (async () => {
      for (let index = 0; index < 20; index += 1) {
        readsOutside.push((await readCounterAsync(readDb())) ?? 0);
        await yieldToOtherRequests();
      }
    })();
    const results = await Promise.all(Array.from({ length: 50 }, (_, id) => increment(id)));
    await reader;
    expect(readCounter(readDb())).toBe(50);
    expect(mostInsideAtOnce).toBe(1);
    // FIFO: each unit ends before the next begins, in the order they were asked for.
    expect(events).toEqual(Array.from({ length: 50 }, (_, id) => [`begin ${id}`, `end ${id}`]).flat());
    expect(results).toEqual(Array.from({ length: 50 }, (_, id) => id + 1));
    // Readers outside only ever see committed counts, never going backwards.
    expect(readsOutside).toEqual([...readsOutside].sort((a, b) => a - b));
  });

  it("never shows a unit's uncommitted write to a reader outside it; the unit itself sees it", async () => {
    setCounter(sqliteWriterForTesting(), 1);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let seenInside: number | undefined;
    const unit = write(async (tx) => {
      setCounter(tx, 2);
      seenInside = await readCounterAsync(readDb());
      await held;
    });
    await yieldToOtherRequests();
    expect(seenInside).toBe(2);
    expect(await readCounterAsync(readDb())).toBe(1);
    release();
    await unit;
    expect(await readCounterAsync(readDb())).toBe(2);
  });

  it("rolls a failing unit back, rethrows its error and lets the next unit in", async () => {
    setCounter(sqliteWriterForTesting(), 1);
    const failing = write(async (tx) => {
      setCounter(tx, 99);
      await yieldToOtherRequests();
      throw new Error("refused half-way");
    });
    const next = write(async (tx) => {
      const value = (await readCounterAsync(tx)) ?? 0;
      setCounter(tx, value + 1);
      return value + 1;
    });
    await expect(failing).rejects.toThrow("refused half-way");
    expect(await next).toBe(2);
    expect(readCounter(readDb())).toBe(2);
    expect(sqliteWriterForTesting().$client.inTransaction).toBe(false);
  });

  it("nests: a unit called inside a unit is a savepoint (rolled back alone), never a wait for itself", async () => {
    await write(async (tx) => {
      setCounter(tx, 1, "outer");
      await write(async (inner) => setCounter(inner, 1, "kept"));
      await expect(
        write(async (inner) => {
          setCounter(inner, 1, "dropped");
          await yieldToOtherRequests();
          throw new Error("inner refused");
        }),
      ).rejects.toThrow("inner refused");
    });
    expect(readCounter(readDb(), "outer")).toBe(1);
    expect(readCounter(readDb(), "kept")).toBe(1);
    expect(readCounter(readDb(), "dropped")).toBeUndefined();

    await expect(
      write(async (tx) => {
        await write(async (inner) => setCounter(inner, 1, "inner of a failed unit"));
        setCounter(tx, 1, "outer of a failed unit");
        throw new Error("outer refused");
      }),
    ).rejects.toThrow("outer refused");
    expect(readCounter(readDb(), "inner of a failed unit")).toBeUndefined();
  });

  it("runs afterCommit effects once the outermost unit commits, never after a rollback", async () => {
    const effects: string[] = [];
    afterCommit(() => effects.push("outside a unit: at once"));
    await write(async () => {
      await write(async () => afterCommit(() => effects.push("savepoint")));
      afterCommit(() => effects.push("outer"));
      expect(effects).toEqual(["outside a unit: at once"]);
    });
    await write(async () => {
      afterCommit(() => effects.push("rolled back"));
      throw new Error("refused");
    }).catch(() => undefined);
    expect(effects).toEqual(["outside a unit: at once", "savepoint", "outer"]);
  });

  it("bounds a bookkeeping unit's wait for the writer (this process's unit, another process's lock): skipped, never blocking", async () => {
    // This process: another request's unit holds the writer longer than the bound.
    let release!: () => void;
    const held = write(() => new Promise<void>((resolve) => (release = resolve)));
    await yieldToOtherRequests();
    const started = Date.now();
    const skipped = await bestEffortUnit((options) => write((tx) => setCounter(tx, 1), options).then(() => "written"), "skipped");
    expect(skipped).toBe("skipped");
    expect(Date.now() - started).toBeGreaterThanOrEqual(BOOKKEEPING_BUSY_TIMEOUT_MS - 20);
    release();
    await held;
    // Another process holding the file's write lock: SQLite's busy timeout, shortened for this BEGIN only.
    const other = new Database(sqliteWriterForTesting().$client.name);
    other.exec("BEGIN IMMEDIATE");
    try {
      const error = await write((tx) => setCounter(tx, 2), { maxWaitMs: 50 }).catch((caught: unknown) => caught);
      expect(isDatabaseBusy(error)).toBe(true);
      expect(sqliteWriterForTesting().$client.pragma("busy_timeout", { simple: true })).toBe(5000);
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    // Free again: the bookkeeping happens.
    expect(await bestEffortUnit((options) => write((tx) => setCounter(tx, 3), options).then(() => "written"), "skipped")).toBe("written");
    expect(readCounter(readDb())).toBe(3);
  });

  it("refuses a write through the read handle outside a unit, with a message naming the rule", () => {
    expect(() => setCounter(readDb(), 5)).toThrow(/every write goes through write/);
  });

  it("moves the write version on commit (here or in another process), never on uncommitted rows or a rollback", async () => {
    const before = databaseVersion();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const unit = write(async (tx) => {
      setCounter(tx, 7);
      await held;
    });
    await yieldToOtherRequests();
    expect(databaseVersion()).toBe(before);
    release();
    await unit;
    const afterCommit = databaseVersion();
    expect(afterCommit).not.toBe(before);

    await write(async (tx) => {
      setCounter(tx, 8);
      throw new Error("rolled back");
    }).catch(() => undefined);
    expect(databaseVersion()).toBe(afterCommit);

    setCounter(sqliteWriterForTesting(), 9);
    const afterSyncWrite = databaseVersion();
    expect(afterSyncWrite).not.toBe(afterCommit);

    const otherProcess = new Database(sqliteWriterForTesting().$client.name);
    otherProcess.prepare("update test_counters set value = 10 where name = 'hits'").run();
    otherProcess.close();
    expect(databaseVersion()).not.toBe(afterSyncWrite);
  });

  it("keeps cachedUntilWrite to committed data: inside a unit the value is computed afresh and not kept", async () => {
    setCounter(sqliteWriterForTesting(), 1);
    let computed = 0;
    const cachedCounter = cachedUntilWrite(() => {
      computed += 1;
      return readCounter(readDb());
    });
    expect(cachedCounter()).toBe(1);
    await write(async (tx) => {
      setCounter(tx, 2);
      expect(cachedCounter()).toBe(2);
      throw new Error("rolled back");
    }).catch(() => undefined);
    expect(cachedCounter()).toBe(1);
    expect(computed).toBe(2);
  });

  it("keeps an async value as one promise per version, and drops a rejected one", async () => {
    let calls = 0;
    const cached = cachedUntilWrite(async () => {
      calls += 1;
      if (calls === 1) throw new Error("first call fails");
      return calls;
    });
    await expect(cached()).rejects.toThrow("first call fails");
    const [first, second] = await Promise.all([cached(), cached()]);
    expect([first, second]).toEqual([2, 2]);
  });
});

describe("units of work left running", () => {
  it("runs a unit left running after its parent ended as a unit of its own, after the parent committed", async () => {
    let late: Promise<void> | undefined;
    await write(async (tx) => {
      setCounter(tx, 1, "parent");
      late = (async () => {
        await yieldToOtherRequests();
        await write(async (inner) => setCounter(inner, (readCounter(inner, "parent") ?? 0) + 1, "late"));
      })();
    });
    await late;
    expect(readCounter(readDb(), "late")).toBe(2);
  });
});
