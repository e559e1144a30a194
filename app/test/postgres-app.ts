/**
 * A feature's functions on a real PostgreSQL (`*.pg.test.ts`): a fresh database on the run's server
 * (app/test/postgres.ts), the test configuration of every test (app/test/test-configuration.ts),
 * the migrations and the reference data. Call it before importing any app module (they read DATABASE_URL at load), then
 * import the feature dynamically; `closeDb` in afterAll.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { createTestDatabase } from "./postgres";
import { prepareTestDatabase, applyTestConfiguration } from "./test-configuration";

export async function startAppOnPostgres() {
  applyTestConfiguration(await createTestDatabase());
  return await prepareTestDatabase();
}

/**
 * The data layer alone on a real PostgreSQL (the `*.pg.test.ts` of app/utils): a fresh database, the
 * test configuration (and `env`, e.g. a statement timeout), app/utils/db.server.ts imported after it,
 * opened before the file's tests (its migrations applied: no reference data) and closed after them.
 * Call it at the top of the test file, before importing any app module; its `url` and the module.
 */
export async function openDataLayerOnPostgres(env: Record<string, string> = {}) {
  const url = await createTestDatabase();
  Object.assign(process.env, { DATABASE_URL: url, SESSION_SECRET: "test-session-secret-0123456789", NODE_ENV: "test", ADMIN_EMAIL: "owner@example.com", ...env });
  const db = await import("~/utils/db.server");
  beforeAll(async () => {
    await db.prepareDatabase();
  });
  afterAll(async () => {
    await db.closeDb();
  });
  return { url, db };
}

let serial = 0;

/** A member row (verified, no password anyone can use); its id. */
export async function insertPgMember(overrides: Record<string, unknown> = {}): Promise<string> {
  const { write, schema } = await import("~/utils/db.server");
  serial += 1;
  const id = `pg-member-${serial}-${Math.random().toString(36).slice(2, 8)}`;
  await write((tx) =>
    tx.insert(schema.users).values({ id, username: id, email: `${id}@example.com`, password: "x", firstName: "Ada", lastName: "Lovelace", displayName: `Ada ${serial}`, emailVerifiedAt: new Date(), ...overrides }),
  );
  return id;
}

/** A member's points as the read handle sees them (committed, or the running unit's own writes). */
export async function pointsOfMember(id: string): Promise<number> {
  const { readDb, schema } = await import("~/utils/db.server");
  const [row] = await readDb().select({ points: schema.users.points }).from(schema.users).where(eq(schema.users.id, id)).limit(1);
  return row.points;
}
