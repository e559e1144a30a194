/**
 * Vitest setup of the "unit-pg" project (vite.config.ts): the unit and feature tests again, on
 * PostgreSQL. Every test file gets its own fresh database on the run's throwaway server
 * (app/test/postgres-global-setup.ts, `createTestDatabase`), migrated and seeded with the reference
 * data, and the same test configuration as app/test/setup.ts (app/test/test-configuration.ts),
 * before any app module reads the environment.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestDatabase } from "./postgres";
import { prepareTestDatabase, applyTestConfiguration } from "./test-configuration";

applyTestConfiguration(await createTestDatabase("quads_u"));
// On SQLite the uploads sit beside the test file's database; on PostgreSQL beside ./data (env.server.ts): one
// folder of this file's own instead. (The .eml mail still goes to ./data; the live register is a table of the database.)
process.env.UPLOADS_DIR = path.join(mkdtempSync(path.join(tmpdir(), "quads-unit-pg-")), "uploads");
await prepareTestDatabase();
