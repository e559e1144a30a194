/**
 * The test configuration every app test runs with, on either engine: the unit tests' setup files
 * (app/test/setup.ts on SQLite, app/test/setup-pg.ts on PostgreSQL) and the PostgreSQL tests'
 * `startAppOnPostgres` (app/test/postgres-app.ts). Set before any app module reads the environment
 * (the engine is fixed when app/utils/db.server.ts is first imported).
 */
export function applyTestConfiguration(databaseUrl: string): void {
  process.env.DATABASE_URL = databaseUrl;
  process.env.SESSION_SECRET = "test-session-secret-0123456789";
  process.env.SEED_DEMO = "false";
  process.env.ADMIN_EMAIL = "owner@example.com";
  process.env.NODE_ENV = "test";
  process.env.AUTH_RATE_LIMIT_PER_IP = "1000";
  process.env.AUTH_RATE_LIMIT_PER_ACCOUNT = "5";
  // Test members are brand new: new-member limits (docs/moderation.md) are off unless a test turns them on.
  process.env.NEW_MEMBER_HOURS = "0";
  process.env.NEW_MEMBER_MIN_POSTS = "0";
}

/** The database migrated (opened, on SQLite) and seeded with the reference data; the database module. */
export async function prepareTestDatabase() {
  const db = await import("~/utils/db.server");
  await db.prepareDatabase();
  const { seedReferenceData } = await import("~/features/settings/reference-data.server");
  await seedReferenceData({ communityName: "Quads" });
  return db;
}
