/** PostgreSQL in tests: a fresh, empty database per test file on the run's server (app/test/postgres-global-setup.ts). */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

/** Creates an empty database on the run's server and returns its postgres:// URL. */
export async function createTestDatabase(prefix = "quads_t"): Promise<string> {
  const serverUrl = new URL(inject("postgresUrl"));
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  serverUrl.pathname = `/${name}`;
  return serverUrl.toString();
}

/** Runs `work` with a client connected to `url`, closed afterwards whatever happens. */
export async function withPostgresClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
