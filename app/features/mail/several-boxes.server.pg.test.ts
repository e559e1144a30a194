/**
 * Background work with several boxes on one PostgreSQL (docs/decisions/0110-background-work-once.md):
 * senders and mail jobs in separate processes, a real SMTP server counting what arrives. The suite
 * is test-support/several-boxes.ts (also run on SQLite by several-boxes.server.test.ts).
 */
import { afterAll } from "vitest";
import { startAppOnPostgres } from "~/test/postgres-app";

const db = await startAppOnPostgres();
const { severalBoxesTests } = await import("./test-support/several-boxes");

afterAll(() => db.closeDb());
severalBoxesTests({ withJobs: true });
