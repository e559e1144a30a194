/**
 * What DATABASE_URL names (docs/operations.md, "Configuration"; docs/decisions/0104-one-schema-two-dialects.md):
 * - `file:<path>`: SQLite, the embedded default (`file:./data/quads.db`);
 * - `postgres://user:password@host:5432/database` or `postgresql://…`: PostgreSQL, with libpq's
 *   `sslmode` honoured (disable, allow, prefer: no TLS; require: TLS without checking the
 *   certificate; verify-ca, verify-full: TLS with the certificate checked).
 */
import path from "node:path";

export type SqliteDatabase = { engine: "sqlite"; path: string };

export type PostgresDatabase = {
  engine: "postgres";
  /** The URL to connect with, `sslmode` taken out (the `ssl` option below says it). */
  url: string;
  host: string;
  port: number;
  database: string;
  user: string;
  /** TLS options for node-postgres: false, or whether the server's certificate must verify. */
  ssl: false | { rejectUnauthorized: boolean };
  /** For messages and logs: `host:port/database`, never the password. */
  label: string;
};

export type DatabaseTarget = SqliteDatabase | PostgresDatabase;

const SSL_MODES: Record<string, PostgresDatabase["ssl"]> = {
  disable: false,
  allow: false,
  prefer: false,
  require: { rejectUnauthorized: false },
  "verify-ca": { rejectUnauthorized: true },
  "verify-full": { rejectUnauthorized: true },
};

export class DatabaseUrlError extends Error {}

/** Parses DATABASE_URL, or throws a DatabaseUrlError saying what is wrong (never echoing a password). */
export function parseDatabaseUrl(raw: string): DatabaseTarget {
  const value = raw.trim();
  if (value.startsWith("file:")) {
    const filePath = value.slice("file:".length);
    if (!filePath) throw new DatabaseUrlError("a file: URL needs a path (for example file:./data/quads.db)");
    return { engine: "sqlite", path: path.resolve(filePath) };
  }
  if (!/^postgres(?:ql)?:\/\//i.test(value)) {
    throw new DatabaseUrlError("must be file:<path> (SQLite, for example file:./data/quads.db) or postgres://user:password@host:5432/database");
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new DatabaseUrlError("is not a valid postgres:// URL (special characters in the password must be percent-encoded)");
  }
  if (!url.hostname) throw new DatabaseUrlError("a postgres:// URL needs a host (postgres://user:password@host:5432/database)");
  const database = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (!database || database.includes("/")) throw new DatabaseUrlError("a postgres:// URL needs a database name after the host (…@host:5432/quads)");
  const port = url.port ? Number(url.port) : 5432;
  const sslmode = (url.searchParams.get("sslmode") ?? "prefer").toLowerCase();
  if (!(sslmode in SSL_MODES)) throw new DatabaseUrlError(`sslmode=${sslmode} is not one of ${Object.keys(SSL_MODES).join(", ")}`);
  url.searchParams.delete("sslmode");
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  return {
    engine: "postgres",
    url: url.toString(),
    host,
    port,
    database,
    user: decodeURIComponent(url.username) || "postgres",
    ssl: SSL_MODES[sslmode],
    label: `${url.host}/${database}`,
  };
}
