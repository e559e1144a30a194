// npm run restore -- FILE: replaces the database (DATABASE_URL) with a backup made by `npm run backup`.
//
// - refuses while a Quads server runs on that database (its `<database>.pid` file names a live process);
// - checks the backup first (`PRAGMA integrity_check`, and that it is a Quads database);
// - keeps the database it replaces as `<database>.before-restore-<timestamp>` (a consistent copy,
//   write-ahead log included), removes the stale -wal/-shm files, and puts the backup in place
//   with an atomic rename.
// - puts back the pictures saved beside the backup (`FILE.uploads/`, docs/uploads.md) into
//   UPLOADS_DIR, keeping the folder it replaces as `uploads.before-restore-<timestamp>`; a backup
//   without that folder (made before pictures existed) leaves UPLOADS_DIR as it is. With the
//   pictures in a bucket (S3_BUCKET set) neither the bucket nor UPLOADS_DIR is touched: a backup's
//   folder of pictures goes into the bucket with `npm run uploads:copy -- --from FOLDER`
//   (docs/decisions/0108-pictures-in-an-object-store.md).
// Start the server afterwards: it applies any migration the backup predates.
//
// On PostgreSQL (DATABASE_URL=postgres://…) FILE is a `pg_dump -Fc` archive written by npm run backup:
// - checks the archive first (`pg_restore --list`: readable, a Quads database);
// - refuses while another session is connected to the database (a Quads server, on any box);
// - keeps the database it replaces as `data/backups/quads-before-restore-<timestamp>.dump` (pg_dump);
// - in ONE transaction, drops the schemas `public` and `drizzle` and runs the archive (pg_restore's
//   SQL through psql, stopping at the first error): the database becomes the backup exactly, or
//   stays as it was. The database's owner (the role owning those schemas) must run it;
// - puts back the pictures as above.
import Database from "better-sqlite3";
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { findPostgresBinaries, isPostgresUrl, postgresEnvironment, restoreArchive, runPostgresTool } from "./lib/postgres-tools.mjs";
import { runningServer } from "./lib/running-server.mjs";

function fail(message) {
  console.error(message);
  process.exit(1);
}

const url = process.env.DATABASE_URL || "file:./data/quads.db";
const stamp = new Date().toISOString().replace(/[:.]/g, "-").replace("T", "_").slice(0, 19);
const argument = process.argv[2];
if (!argument) fail("Usage: npm run restore -- FILE   (a backup written by npm run backup: data/backups/quads-<timestamp>.db, or .dump on PostgreSQL)");
const backupFile = path.resolve(argument);
if (!existsSync(backupFile)) fail(`No backup at ${backupFile}.`);

/** Puts back the pictures saved beside the backup (`FILE.uploads/`), keeping the folder it replaces. */
function restoreUploads(uploadsDirectory) {
  const uploadsBackup = `${backupFile}.uploads`;
  if (!existsSync(uploadsBackup)) return;
  if (process.env.S3_BUCKET?.trim()) {
    console.log(`The pictures are in the bucket ${process.env.S3_BUCKET.trim()}: left as they are. To put this backup's pictures there: npm run uploads:copy -- --from ${uploadsBackup}`);
    return;
  }
  if (existsSync(uploadsDirectory)) {
    let keptUploads = `${uploadsDirectory}.before-restore-${stamp}`;
    for (let attempt = 2; existsSync(keptUploads); attempt += 1) keptUploads = `${uploadsDirectory}.before-restore-${stamp}-${attempt}`;
    renameSync(uploadsDirectory, keptUploads);
  }
  cpSync(uploadsBackup, uploadsDirectory, { recursive: true });
  console.log(`Restored the pictures of ${uploadsBackup} into ${uploadsDirectory}.`);
}

if (isPostgresUrl(url)) await restorePostgres();

if (!url.startsWith("file:")) fail("DATABASE_URL must start with file: (SQLite) or postgres:// (PostgreSQL)");
const target = path.resolve(url.slice("file:".length));
if (backupFile === target) fail(`${backupFile} is the database itself: pick a backup file.`);

// 1. Refuse while a server runs on the database.
const running = runningServer(target);
if (running) {
  fail(
    `A Quads server (process ${running}) is running on ${target}. Stop it first (SIGTERM / Ctrl-C), then run the restore again.`,
  );
}

// 2. Check the backup before touching anything.
const incoming = `${target}.restoring-${stamp}`;
const siblingsBefore = ["-wal", "-shm"].filter((suffix) => existsSync(`${backupFile}${suffix}`));
try {
  const source = new Database(backupFile, { readonly: true, fileMustExist: true });
  const integrity = source.pragma("integrity_check", { simple: true });
  if (integrity !== "ok") fail(`The backup ${backupFile} fails its integrity check (${integrity}): nothing was changed.`);
  const tables = source
    .prepare("select name from sqlite_master where type = 'table' and name in ('users', '__drizzle_migrations')")
    .pluck()
    .all();
  if (tables.length < 2) fail(`${backupFile} is not a Quads database (no users or migrations table): nothing was changed.`);
  // A consistent single-file copy beside the target (includes a write-ahead log the backup may have).
  await source.backup(incoming);
  source.close();
} catch (error) {
  rmSync(incoming, { force: true });
  fail(`Cannot read the backup ${backupFile}: ${error instanceof Error ? error.message : error}. Nothing was changed.`);
} finally {
  // A read-only look at a WAL-mode backup leaves empty -wal/-shm files beside it: tidy them up.
  const wal = `${backupFile}-wal`;
  if (!siblingsBefore.length && (!existsSync(wal) || statSync(wal).size === 0)) {
    for (const suffix of ["-wal", "-shm"]) rmSync(`${backupFile}${suffix}`, { force: true });
  }
}

// 3. Keep the current database, then swap in the backup.
let keptAs;
if (existsSync(target)) {
  keptAs = `${target}.before-restore-${stamp}`;
  const current = new Database(target, { fileMustExist: true });
  current.pragma("busy_timeout = 5000");
  await current.backup(keptAs);
  current.close();
}
for (const suffix of ["-wal", "-shm", "-journal"]) rmSync(`${target}${suffix}`, { force: true });
renameSync(incoming, target);

const check = new Database(target, { fileMustExist: true }); // read-write: closing it removes its -wal/-shm
const integrity = check.pragma("integrity_check", { simple: true });
check.close();
if (integrity !== "ok") fail(`The restored database fails its integrity check (${integrity}). The previous one is at ${keptAs}.`);

restoreUploads(path.resolve(process.env.UPLOADS_DIR || path.join(path.dirname(target), "uploads")));

console.log(`Restored ${backupFile} into ${target}.`);
if (keptAs) console.log(`The database it replaced is kept as ${keptAs}.`);
console.log("Start the server (npm start) to serve it.");

/** The PostgreSQL restore (see the top of this file); exits the process. */
async function restorePostgres() {
  let environment;
  let label;
  try {
    ({ environment, label } = postgresEnvironment(url));
  } catch {
    fail("DATABASE_URL is not a valid postgres:// URL.");
  }
  let binDirectory;
  try {
    ({ binDirectory } = findPostgresBinaries({ tool: "pg_restore" }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  // 1. The archive, before touching anything.
  const contents = await runPostgresTool(binDirectory, "pg_restore", ["--list", backupFile], {});
  if (contents.status !== 0) fail(`Cannot read the backup ${backupFile} (${contents.stderr.trim()}): nothing was changed.`);
  if (!/ TABLE public users /.test(contents.stdout) || !/ TABLE drizzle __drizzle_migrations /.test(contents.stdout)) {
    fail(`${backupFile} is not a Quads database (no users or migrations table): nothing was changed.`);
  }
  // 2. Nobody else on the database: a server writing during the restore would be overwritten, or fail.
  const psql = (query) => runPostgresTool(binDirectory, "psql", ["-X", "-A", "-t", "-q", "-v", "ON_ERROR_STOP=1", "-c", query], environment);
  const sessions = await psql("select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'");
  if (sessions.status !== 0) fail(`Cannot connect to ${label}: ${sessions.stderr.trim()}`);
  const others = Number(sessions.stdout.trim());
  if (others > 0) fail(`${others} other session(s) connected to ${label} (a Quads server?). Stop every server on it first, then run the restore again.`);
  // 3. Keep the database it replaces, when it holds one.
  let keptAs;
  if ((await psql("select to_regclass('public.users') is not null")).stdout.trim() === "t") {
    keptAs = path.resolve("data", "backups", `quads-before-restore-${stamp}.dump`);
    mkdirSync(path.dirname(keptAs), { recursive: true });
    const kept = await runPostgresTool(binDirectory, "pg_dump", ["-Fc", "--no-owner", "--no-privileges", "-f", keptAs], environment);
    if (kept.status !== 0) fail(`Cannot keep a copy of ${label} before the restore (${kept.stderr.trim()}): nothing was changed.`);
  }
  // 4. Replace everything, in one transaction.
  const restored = await restoreArchive(binDirectory, backupFile, "DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;", environment);
  if (restored.status !== 0) fail(`The restore into ${label} failed and was rolled back, nothing was changed: ${restored.stderr.trim()}`);
  restoreUploads(path.resolve(process.env.UPLOADS_DIR || path.join("data", "uploads")));
  console.log(`Restored ${backupFile} into ${label}.`);
  if (keptAs) console.log(`The database it replaced is kept as ${keptAs}.`);
  console.log("Start the server (npm start) to serve it.");
  process.exit(0);
}
