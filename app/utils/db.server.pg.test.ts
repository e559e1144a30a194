/**
 * The data layer on a real PostgreSQL (docs/decisions/0105-postgres-engine.md): migrations at
 * start, units of work (commit, rollback, savepoints, retries of serialization failures), the
 * write version, error mapping, and a converted feature (blocks) running unchanged.
 */
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { insertPgMember, openDataLayerOnPostgres, pointsOfMember as pointsOf } from "~/test/postgres-app";

const { url, db } = await openDataLayerOnPostgres({ DATABASE_STATEMENT_TIMEOUT_MS: "300" });
const { afterCommit, catchUpWithOtherProcesses, appErrorOfDatabase, reuseStatementsOnEveryConnection, isUniqueViolation, databaseVersion, databaseIsHealthy, engine, readDb, schema, write } = db;
const { users } = schema;

/** A member row with these points; its id. */
const insertMember = (points = 0) => insertPgMember({ points });

describe("the PostgreSQL engine", () => {
  it("is chosen by a postgres:// DATABASE_URL, applies the migrations and answers /healthz", async () => {
    expect(engine).toBe("postgres");
    expect(await databaseIsHealthy()).toBe(true);
    const tables = await readDb().select({ id: users.id }).from(users).limit(1);
    expect(tables).toEqual([]);
  });

  it("takes the start-up's call to reuse SQLite's prepared statements as nothing to do (the demo seed, the workers)", () => {
    expect(() => reuseStatementsOnEveryConnection()).not.toThrow();
  });

  it("commits a unit of work, and rolls back one that throws (its error unchanged)", async () => {
    const id = await insertMember(5);
    expect(await pointsOf(id)).toBe(5);
    const failure = new Error("changed my mind");
    await expect(
      write(async (tx) => {
        await tx.update(users).set({ points: 99 }).where(eq(users.id, id));
        expect(await pointsOf(id)).toBe(99); // the unit reads its own write
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await pointsOf(id)).toBe(5);
  });

  it("never shows a unit's uncommitted writes to a request outside it", async () => {
    const id = await insertMember(1);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const unit = write(async (tx) => {
      await tx.update(users).set({ points: 2 }).where(eq(users.id, id));
      written();
      await held;
    });
    await wrote;
    expect(await pointsOf(id)).toBe(1);
    release();
    await unit;
    expect(await pointsOf(id)).toBe(2);
  });

  it("rolls back a failed savepoint alone; the outer unit goes on and commits", async () => {
    const id = await insertMember(0);
    await write(async (tx) => {
      await tx.update(users).set({ points: 1 }).where(eq(users.id, id));
      await expect(
        write(async (inner) => {
          await inner.update(users).set({ points: 50 }).where(eq(users.id, id));
          throw new Error("inner");
        }),
      ).rejects.toThrow("inner");
      expect(await pointsOf(id)).toBe(1);
      await write((inner) => inner.update(users).set({ points: sql`${users.points} + 10` }).where(eq(users.id, id)));
    });
    expect(await pointsOf(id)).toBe(11);
  });

  it("gives concurrent read-then-write units the outcome of one at a time (serialization failures are run again)", async () => {
    const id = await insertMember(0);
    const effects: number[] = [];
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        write(async (tx) => {
          const [row] = await tx.select({ points: users.points }).from(users).where(eq(users.id, id)).limit(1);
          await new Promise((resolve) => setTimeout(resolve, 5));
          await tx.update(users).set({ points: row.points + 1 }).where(eq(users.id, id));
          afterCommit(() => effects.push(index));
        }),
      ),
    );
    expect(await pointsOf(id)).toBe(12);
    expect(effects.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, index) => index)); // once each, after the commit that stood
  });

  /** Another process's NOTIFY on the writes channel; waits (at most 5 s) until this process's version moves past `version`. */
  async function notifyFromAnotherProcess(version: string) {
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query("NOTIFY quads_writes");
      const deadline = Date.now() + 5_000;
      while (databaseVersion() === version && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await other.end();
    }
  }

  it("moves the write version at once after this process's commit, and on another process's notification", async () => {
    const before = databaseVersion();
    expect(databaseVersion()).toBe(before);
    await insertMember();
    const afterOwn = databaseVersion();
    expect(afterOwn).not.toBe(before);
    await notifyFromAnotherProcess(afterOwn);
    expect(databaseVersion()).not.toBe(afterOwn);
  });

  it("does not count this process's own commit again when its notification arrives (a read-only request keeps the version)", async () => {
    await insertMember();
    const afterOwn = databaseVersion();
    const [generation, writes] = afterOwn.split(":");
    // Delivered after this process's own notification (listeners get them in commit order): once it is
    // counted, the own one has arrived too, and must not have moved the version.
    await notifyFromAnotherProcess(afterOwn);
    await new Promise((resolve) => setTimeout(resolve, 300)); // counted twice, it would move once more by now
    expect(databaseVersion()).toBe(`${generation}:${Number(writes) + 1}`);
  });

  it("catches up with another process's commit before answering, without counting a write of its own (decision 0121)", async () => {
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      for (let round = 0; round < 20; round += 1) {
        const before = databaseVersion();
        await other.query("NOTIFY quads_writes"); // committed by "box B" before "box A" is asked
        await catchUpWithOtherProcesses();
        expect(databaseVersion(), `round ${round}`).not.toBe(before);
      }
      const quiet = databaseVersion();
      await catchUpWithOtherProcesses();
      expect(databaseVersion()).toBe(quiet);
    } finally {
      await other.end();
    }
  });

  it("maps a unique violation to a 409 and a statement timeout to a 503", async () => {
    const id = await insertMember();
    const duplicate = await write((tx) => tx.insert(users).values({ id, username: `${id}-2`, email: "dup@example.com", password: "x", firstName: "A", lastName: "B", displayName: "AB" })).catch((error: unknown) => error);
    expect(appErrorOfDatabase(duplicate)?.status).toBe(409);
    expect(isUniqueViolation(duplicate)).toBe(true);
    const sameUsername = await write((tx) => tx.insert(users).values({ id: `${id}-3`, username: id, email: "other@example.com", password: "x", firstName: "A", lastName: "B", displayName: "AB" })).catch((error: unknown) => error);
    expect([isUniqueViolation(sameUsername, "users.username"), isUniqueViolation(sameUsername, "users.email")]).toEqual([true, false]);
    const slow = await readDb()
      .select({ slept: sql`pg_sleep(2)` })
      .from(users)
      .limit(1)
      .catch((error: unknown) => error);
    const mapped = appErrorOfDatabase(slow);
    expect(mapped?.status).toBe(503);
    expect(mapped?.message).toMatch(/took too long/);
  });

  it("runs a converted feature unchanged (blocks)", async () => {
    const blockerId = await insertMember();
    const memberId = await insertMember();
    const { blockMember, getBlockState, listBlockedMembers, unblockMember } = await import("~/features/blocks/index.server");
    expect(await blockMember({ blocker: { id: blockerId }, memberId })).toMatchObject({ blocked: true, created: true });
    expect(await blockMember({ blocker: { id: blockerId }, memberId })).toMatchObject({ created: false });
    expect(await getBlockState({ viewerId: blockerId, memberId })).toEqual({ isBlocked: true, canBlock: true });
    expect((await listBlockedMembers(blockerId)).map((row) => row.id)).toEqual([memberId]);
    await unblockMember({ blocker: { id: blockerId }, memberId });
    expect(await listBlockedMembers(blockerId)).toEqual([]);
  });
});
