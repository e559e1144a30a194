// PostgreSQL's own programs for the plain-Node scripts (npm run backup / restore run without the
// dev tools) and the test server (scripts/lib/postgres-server.ts): where Debian's binaries are,
// and how to hand them a DATABASE_URL without showing its password (decision 0103; docs/operations.md).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

const MINIMUM_MAJOR = 15;

/**
 * The newest `/usr/lib/postgresql/<major>/bin` holding `tool`, 15 or newer; `QUADS_PG_BIN` wins.
 * @param {{ tool?: string }} [options] the program that must be there (initdb for a server, pg_dump for a backup)
 * @returns {{ binDirectory: string; majorVersion: number }}
 */
export function findPostgresBinaries({ tool = "initdb" } = {}) {
  const override = process.env.QUADS_PG_BIN;
  const candidates = override
    ? [override]
    : existsSync("/usr/lib/postgresql")
      ? readdirSync("/usr/lib/postgresql")
          .filter((name) => /^\d+$/.test(name))
          .sort((a, b) => Number(b) - Number(a))
          .map((major) => `/usr/lib/postgresql/${major}/bin`)
      : [];
  for (const binDirectory of candidates) {
    if (!existsSync(path.join(binDirectory, tool))) continue;
    const version = spawnSync(path.join(binDirectory, tool), ["--version"], { encoding: "utf8" }).stdout ?? "";
    const majorVersion = Number(/(\d+)(?:\.\d+)?/.exec(version)?.[1] ?? 0);
    if (majorVersion >= MINIMUM_MAJOR) return { binDirectory, majorVersion };
  }
  throw new Error(
    `PostgreSQL ${MINIMUM_MAJOR} or newer is not installed (looked for ${tool} in ${override ?? "/usr/lib/postgresql/*/bin"}). ` +
      "Install Debian's package with: apt-get install -y postgresql (scripts/ensure-postgres.sh does it as root), or set QUADS_PG_BIN.",
  );
}

/** @param {string} url */
export function isPostgresUrl(url) {
  return /^\s*postgres(?:ql)?:\/\//i.test(url);
}

/**
 * libpq's environment for a postgres:// URL (PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE,
 * PGSSLMODE): the password never goes on a command line (`ps` shows those) nor into a message.
 * @param {string} url
 * @returns {{ environment: Record<string, string>; label: string }} label: `host:port/database`, for messages
 */
export function postgresEnvironment(url) {
  const parsed = new URL(url.trim());
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ""));
  /** @type {Record<string, string>} */
  const environment = {
    PGHOST: parsed.hostname.replace(/^\[(.*)\]$/, "$1"),
    PGPORT: parsed.port || "5432",
    PGUSER: decodeURIComponent(parsed.username) || "postgres",
    PGDATABASE: database,
    PGSSLMODE: parsed.searchParams.get("sslmode") ?? "prefer",
    PGCONNECT_TIMEOUT: "10",
  };
  if (parsed.password) environment.PGPASSWORD = decodeURIComponent(parsed.password);
  return { environment, label: `${parsed.host}/${database}` };
}

/**
 * Runs one of PostgreSQL's programs with the connection in its environment; resolves with its
 * exit status, standard output and standard error (never printed here).
 * @param {string} binDirectory
 * @param {string} tool
 * @param {string[]} args
 * @param {Record<string, string>} environment
 * @returns {Promise<{ status: number | null; stdout: string; stderr: string }>}
 */
export function runPostgresTool(binDirectory, tool, args, environment) {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(binDirectory, tool), args, { env: { ...process.env, ...environment }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * `pg_restore … -f -` piped into `psql`: the archive's SQL run by psql after `before` (SQL), all
 * in one transaction (`--single-transaction`, ON_ERROR_STOP): it applies whole or not at all.
 * @param {string} binDirectory
 * @param {string} archive a `pg_dump -Fc` file
 * @param {string} before SQL run first, in the same transaction
 * @param {Record<string, string>} environment
 * @returns {Promise<{ status: number | null; stderr: string }>}
 */
export function restoreArchive(binDirectory, archive, before, environment) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, ...environment };
    const dump = spawn(path.join(binDirectory, "pg_restore"), ["--no-owner", "--no-privileges", "-f", "-", archive], { env, stdio: ["ignore", "pipe", "pipe"] });
    const psql = spawn(path.join(binDirectory, "psql"), ["-X", "-q", "-v", "ON_ERROR_STOP=1", "--single-transaction", "-c", before, "-f", "-"], {
      env,
      stdio: ["pipe", "ignore", "pipe"],
    });
    dump.stdout.pipe(psql.stdin);
    let stderr = "";
    dump.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
    psql.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
    /** @param {import("node:child_process").ChildProcess} child */
    const exited = (child) => new Promise((done) => child.on("close", (status) => done(status)));
    dump.on("error", reject);
    psql.on("error", reject);
    Promise.all([exited(dump), exited(psql)]).then(([dumpStatus, psqlStatus]) => resolve({ status: dumpStatus !== 0 ? /** @type {number | null} */ (dumpStatus) : /** @type {number | null} */ (psqlStatus), stderr }), reject);
  });
}
