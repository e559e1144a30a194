// npm run backup [-- DEST]: a consistent online backup of the database, safe while the server runs.
// - SQLite (DATABASE_URL=file:…): SQLite's backup API, data/backups/quads-<timestamp>.db by default.
// - PostgreSQL (postgres://…): `pg_dump -Fc` (one snapshot), data/backups/quads-<timestamp>.dump by
//   default, with Debian's binaries (scripts/lib/postgres-tools.mjs), the password handed over in
//   PGPASSWORD, never on the command line nor in a message.
// `npm run restore -- FILE` puts one back. The uploaded pictures (UPLOADS_DIR, default data/uploads)
// are copied beside it into the folder `<backup>.uploads/` (docs/uploads.md): keep the two together.
// With the pictures in a bucket (S3_BUCKET set) none are copied: the bucket is backed up by the
// store's own versioning or replication (docs/decisions/0108-pictures-in-an-object-store.md).
import Database from "better-sqlite3";
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { findPostgresBinaries, isPostgresUrl, postgresEnvironment, runPostgresTool } from "./lib/postgres-tools.mjs";

const url = process.env.DATABASE_URL || "file:./data/quads.db";
const stamp = new Date().toISOString().replace(/[:.]/g, "-").replace("T", "_").slice(0, 19);

/** Pictures are never changed in place (content-hash names, written by rename), so a plain copy
 * while the server runs is consistent; the database is copied first, so every picture it names
 * was already on disk (one deleted during the copy may be missing: it was being removed anyway). */
function copyUploads(uploadsDirectory, destination) {
  if (process.env.S3_BUCKET?.trim()) return `the bucket ${process.env.S3_BUCKET.trim()}, not copied: back it up with the store's versioning or replication (docs/operations.md)`;
  const uploadsCopy = `${destination}.uploads`;
  rmSync(uploadsCopy, { recursive: true, force: true });
  if (existsSync(uploadsDirectory)) {
    cpSync(uploadsDirectory, uploadsCopy, { recursive: true, filter: (file) => !file.endsWith(".tmp") });
  } else {
    mkdirSync(uploadsCopy, { recursive: true });
  }
  return uploadsCopy;
}

if (isPostgresUrl(url)) {
  let environment;
  let label;
  try {
    ({ environment, label } = postgresEnvironment(url));
  } catch {
    console.error("DATABASE_URL is not a valid postgres:// URL.");
    process.exit(1);
  }
  let binDirectory;
  try {
    ({ binDirectory } = findPostgresBinaries({ tool: "pg_dump" }));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  // On PostgreSQL the files Quads keeps (uploads by default) are under ./data (app/utils/env.server.ts).
  const destination = path.resolve(process.argv[2] ?? path.join("data", "backups", `quads-${stamp}.dump`));
  mkdirSync(path.dirname(destination), { recursive: true });
  // -Fc: compressed, one snapshot of the whole database, restored selectively by pg_restore.
  // No owners nor grants: the restore may run as another role (a new server, a managed service).
  const dump = await runPostgresTool(binDirectory, "pg_dump", ["-Fc", "--no-owner", "--no-privileges", "-f", destination], environment);
  if (dump.status !== 0) {
    rmSync(destination, { force: true });
    console.error(`pg_dump of ${label} failed: ${dump.stderr.trim()}`);
    process.exit(1);
  }
  // The twin of SQLite's integrity check: pg_restore reads the archive's table of contents back.
  const contents = await runPostgresTool(binDirectory, "pg_restore", ["--list", destination], {});
  if (contents.status !== 0 || !/ TABLE public users /.test(contents.stdout)) {
    console.error(`Backup written to ${destination} but pg_restore cannot read it back as a Quads database: ${contents.stderr.trim()}`);
    process.exit(1);
  }
  const uploadsCopy = copyUploads(path.resolve(process.env.UPLOADS_DIR || path.join("data", "uploads")), destination);
  console.log(`Backup of ${label} written to ${destination} (pictures in ${uploadsCopy})`);
  process.exit(0);
}

if (!url.startsWith("file:")) {
  console.error("DATABASE_URL must start with file: (SQLite) or postgres:// (PostgreSQL)");
  process.exit(1);
}
const source = path.resolve(url.slice("file:".length));
if (!existsSync(source)) {
  console.error(`No database at ${source}: nothing to back up.`);
  process.exit(1);
}
const destination = path.resolve(process.argv[2] ?? path.join(path.dirname(source), "backups", `quads-${stamp}.db`));
mkdirSync(path.dirname(destination), { recursive: true });

const database = new Database(source, { readonly: true, fileMustExist: true });
database.pragma("busy_timeout = 5000");
await database.backup(destination);
database.close();
// A backup is one self-contained file: rollback-journal mode, so opening it never leaves
// -wal/-shm files beside it (the server switches a restored file back to WAL at start).
const check = new Database(destination);
check.pragma("journal_mode = DELETE");
const integrity = check.pragma("integrity_check", { simple: true });
check.close();
if (integrity !== "ok") {
  console.error(`Backup written to ${destination} but its integrity check says: ${integrity}`);
  process.exit(1);
}
const uploadsCopy = copyUploads(path.resolve(process.env.UPLOADS_DIR || path.join(path.dirname(source), "uploads")), destination);
console.log(`Backup written to ${destination} (pictures in ${uploadsCopy})`);
