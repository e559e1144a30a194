/**
 * Vitest setup: every test file gets its own fresh SQLite file (migrated, with reference data)
 * and a fixed test configuration (app/test/test-configuration.ts), before any app module reads the environment.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { prepareTestDatabase, applyTestConfiguration } from "./test-configuration";

const directory = mkdtempSync(path.join(tmpdir(), "quads-unit-"));
applyTestConfiguration(`file:${path.join(directory, "test.db")}`);
await prepareTestDatabase();
