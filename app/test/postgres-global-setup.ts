/**
 * Vitest globalSetup of the "postgres" project (vite.config.ts): one throwaway PostgreSQL server
 * for the whole run (scripts/lib/postgres-server.ts), started only when a `*.pg.test.ts` file is
 * run, stopped and deleted afterwards. Tests get its URL with `inject("postgresUrl")` and make
 * their own database on it (`createTestDatabase`, app/test/postgres.ts).
 *
 * QUADS_TEST_POSTGRES_URL set (`npm run pg:test-server`, or a server of your own whose user may
 * create databases): that server is used instead and left running.
 */
import type { TestProject } from "vitest/node";
import { startPostgresServer } from "../../scripts/lib/postgres-server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A database on the run's PostgreSQL server whose user may create databases. */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const outside = process.env.QUADS_TEST_POSTGRES_URL;
  if (outside) {
    project.provide("postgresUrl", outside);
    return;
  }
  const started = Date.now();
  const server = await startPostgresServer();
  if (process.env.QUADS_TEST_TIMINGS) console.log(`PostgreSQL ${server.majorVersion} started in ${Date.now() - started} ms on port ${server.port}`);
  project.provide("postgresUrl", server.url);
  return () => server.stop();
}
