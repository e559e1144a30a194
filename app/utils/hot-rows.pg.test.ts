/**
 * Hot rows on PostgreSQL (docs/decisions/0106-hot-rows-on-postgres.md): units of work that lock the
 * same row with `lockRowForUpdate` take turns instead of failing serialization, and a bounded wait
 * for one stays bounded. (The features' own tests run them at once on both engines: "unit-pg".)
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertPgMember, openDataLayerOnPostgres, pointsOfMember as pointsOf } from "~/test/postgres-app";

const { appErrorOfDatabase, readDb, schema, write } = (await openDataLayerOnPostgres()).db;
const { lockRowForUpdate, queryRows } = await import("./sql-dialect.server");
const { users } = schema;

/** A member row with these points; its id. */
const insertMember = (points = 0) => insertPgMember({ points });

describe("hot rows on PostgreSQL", () => {
  it("lets units that lock one hot row take turns: 50 at once all commit, each run at most twice, no lock left behind (decision 0106)", async () => {
    const id = await insertMember(0);
    let runs = 0;
    await Promise.all(
      Array.from({ length: 50 }, () =>
        write(async (tx) => {
          runs += 1;
          await lockRowForUpdate(tx, users, id);
          const [row] = await tx.select({ points: users.points }).from(users).where(eq(users.id, id)).limit(1);
          await new Promise((resolve) => setTimeout(resolve, 2));
          await tx.update(users).set({ points: row.points + 1 }).where(eq(users.id, id));
        }),
      ),
    );
    expect(await pointsOf(id)).toBe(50);
    expect(runs).toBeLessThanOrEqual(100); // without the lock: hundreds of runs, and 503s past MAX_UNIT_ATTEMPTS
    const [{ held }] = await queryRows<{ held: number }>(readDb(), sql`SELECT count(*) AS held FROM pg_locks WHERE locktype = 'advisory'`);
    expect(held).toBe(0);
  });

  it("bounds the wait for a hot row held by another unit to maxWaitMs (503 busy)", async () => {
    const id = await insertMember(0);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = write(async (tx) => {
      await lockRowForUpdate(tx, users, id);
      locked();
      await held;
    });
    await isLocked;
    const waiter = write((tx) => lockRowForUpdate(tx, users, id), { maxWaitMs: 100 }).then(
      () => "ran",
      (error: unknown) => appErrorOfDatabase(error)?.status ?? (error as { status?: number }).status,
    );
    expect(await waiter).toBe(503);
    release();
    await holder;
    await write((tx) => lockRowForUpdate(tx, users, id), { maxWaitMs: 100 }); // free again
  });
});
