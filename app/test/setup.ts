/**
 * Vitest setup: every test file gets its own fresh SQLite file (migrated, with reference data)
 * and a fixed test configuration, before any app module reads the environment.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const directory = mkdtempSync(path.join(tmpdir(), "quads-unit-"));
process.env.DATABASE_URL = `file:${path.join(directory, "test.db")}`;
process.env.SESSION_SECRET = "test-session-secret-0123456789";
process.env.SEED_DEMO = "false";
process.env.ADMIN_EMAIL = "owner@example.com";
process.env.NODE_ENV = "test";
process.env.AUTH_RATE_LIMIT_PER_IP = "1000";
process.env.AUTH_RATE_LIMIT_PER_ACCOUNT = "5";
// Test members are brand new: new-member limits (docs/moderation.md) are off unless a test turns them on.
process.env.NEW_MEMBER_HOURS = "0";
process.env.NEW_MEMBER_MIN_POSTS = "0";

const { seedReferenceData } = await import("~/features/settings/reference-data.server");
await seedReferenceData({ communityName: "Quads" });
