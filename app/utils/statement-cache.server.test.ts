import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { perDatabase, perDatabaseShape, reusePreparedStatements } from "./statement-cache.server";

describe("reusePreparedStatements", () => {
  it("hands back the same statement, reset to plain rows, and keeps at most `limit`", () => {
    const sqlite = new Database(":memory:");
    reusePreparedStatements(sqlite, 2);
    sqlite.exec("CREATE TABLE t (a INTEGER, b TEXT); INSERT INTO t VALUES (1, 'x'), (2, 'y')");
    const first = sqlite.prepare("SELECT a, b FROM t ORDER BY a");
    expect(first.raw().all()).toEqual([[1, "x"], [2, "y"]]);
    const again = sqlite.prepare("SELECT a, b FROM t ORDER BY a");
    expect(again).toBe(first);
    expect(again.all()).toEqual([{ a: 1, b: "x" }, { a: 2, b: "y" }]);
    expect(sqlite.prepare("SELECT a FROM t ORDER BY a").pluck().all()).toEqual([1, 2]);
    expect(sqlite.prepare("SELECT a FROM t ORDER BY a").get()).toEqual({ a: 1 });
    // Writers are cached too (no row modes to reset).
    expect(sqlite.prepare("UPDATE t SET b = ? WHERE a = ?").run("z", 1).changes).toBe(1);
    expect(sqlite.prepare("UPDATE t SET b = ? WHERE a = ?").run("w", 2).changes).toBe(1);
    // The oldest of three was dropped: a fresh statement.
    expect(sqlite.prepare("SELECT a, b FROM t ORDER BY a")).not.toBe(first);
    sqlite.close();
  });
});

describe("perDatabase", () => {
  it("builds once per database and again for another one", () => {
    let builds = 0;
    const made = perDatabase((db: { name: string }) => ({ name: db.name, build: ++builds }));
    const first = { name: "a" };
    const second = { name: "b" };
    expect(made(first)).toBe(made(first));
    expect(made(second)).toEqual({ name: "b", build: 2 });
    expect(builds).toBe(2);
  });
});

describe("perDatabaseShape", () => {
  it("builds once per shape and keeps at most `maxShapes`, dropping the least recently used", () => {
    const built: string[] = [];
    const made = perDatabaseShape(
      (_db: object, shape: { take: number }) => {
        built.push(`take ${shape.take}`);
        return { take: shape.take };
      },
      (shape) => String(shape.take),
      { maxShapes: 2 },
    );
    const db = {};
    const first = made(db, { take: 1 });
    expect(made(db, { take: 1 })).toBe(first);
    made(db, { take: 2 });
    made(db, { take: 1 }); // 1 is now the most recently used
    made(db, { take: 3 }); // drops 2
    expect(made(db, { take: 1 })).toBe(first);
    made(db, { take: 2 });
    expect(built).toEqual(["take 1", "take 2", "take 3", "take 2"]);
  });
});
