/**
 * Vitest setup of the "unit-pg" project (vite.config.ts): the unit and feature tests again, on
 * PostgreSQL. Every test file gets its own fresh database on the run's throwaway server
 * (app/test/postgres-global-setup.ts, `createTestDatabase`), migrated and seeded with the reference
 * data, and the same test configuration as app/test/setup.ts, before any app module reads the
 * environment (the engine is fixed when app/utils/db.server.ts is first imported).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestDatabase } from "./postgres";

process.env.DATABASE_URL = await createTestDatabase("quads_u");
// On SQLite the uploads sit beside the test file's database; on PostgreSQL beside ./data (env.server.ts): one
// folder of this file's own instead. (The .eml mail still goes to ./data; the live register is a table of the database.)
process.env.UPLOADS_DIR = path.join(mkdtempSync(path.join(tmpdir(), "quads-unit-pg-")), "uploads");
process.env.SESSION_SECRET = "test-session-secret-0123456789";
process.env.SEED_DEMO = "false";
process.env.ADMIN_EMAIL = "owner@example.com";
process.env.NODE_ENV = "test";
process.env.AUTH_RATE_LIMIT_PER_IP = "1000";
process.env.AUTH_RATE_LIMIT_PER_ACCOUNT = "5";
// Test members are brand new: new-member limits (docs/moderation.md) are off unless a test turns them on.
process.env.NEW_MEMBER_HOURS = "0";
process.env.NEW_MEMBER_MIN_POSTS = "0";

const { prepareDatabase } = await import("~/utils/db.server");
await prepareDatabase();
const { seedReferenceData } = await import("~/features/settings/reference-data.server");
await seedReferenceData({ communityName: "Quads" });
