// npm run backup [-- DEST]: a consistent online backup of the SQLite database (SQLite backup API),
// safe while the server runs. Writes data/backups/quads-<timestamp>.db by default. `npm run restore -- FILE` puts one back.
// The uploaded pictures (UPLOADS_DIR, default data/uploads) are copied beside it into the folder
// `<backup>.uploads/` (docs/uploads.md): keep the two together.
import Database from "better-sqlite3";
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";

const url = process.env.DATABASE_URL || "file:./data/quads.db";
if (!url.startsWith("file:")) {
  console.error("DATABASE_URL must start with file:");
  process.exit(1);
}
const source = path.resolve(url.slice("file:".length));
if (!existsSync(source)) {
  console.error(`No database at ${source}: nothing to back up.`);
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, "-").replace("T", "_").slice(0, 19);
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
// Pictures are never changed in place (content-hash names, written by rename), so a plain copy
// while the server runs is consistent; the database is copied first, so every picture it names
// was already on disk (one deleted during the copy may be missing: it was being removed anyway).
const uploadsDirectory = path.resolve(process.env.UPLOADS_DIR || path.join(path.dirname(source), "uploads"));
const uploadsCopy = `${destination}.uploads`;
rmSync(uploadsCopy, { recursive: true, force: true });
if (existsSync(uploadsDirectory)) {
  cpSync(uploadsDirectory, uploadsCopy, { recursive: true, filter: (file) => !file.endsWith(".tmp") });
} else {
  mkdirSync(uploadsCopy, { recursive: true });
}
console.log(`Backup written to ${destination} (pictures in ${uploadsCopy})`);
