/**
 * A feature's functions on a real PostgreSQL (`*.pg.test.ts`): a fresh database on the run's server
 * (app/test/postgres.ts), the test configuration of every test (app/test/test-configuration.ts),
 * the migrations and the reference data. Call it before importing any app module (they read DATABASE_URL at load), then
 * import the feature dynamically; `closeDb` in afterAll.
 */
import { createTestDatabase } from "./postgres";
import { prepareTestDatabase, applyTestConfiguration } from "./test-configuration";

export async function startAppOnPostgres() {
  applyTestConfiguration(await createTestDatabase());
  return await prepareTestDatabase();
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
