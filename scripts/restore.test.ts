/**
 * `npm run backup` + `npm run restore`: the scripts run as child processes on a temp database,
 * the way an operator runs them.
 */
import Database from "better-sqlite3";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/utils/db.server";

let directory: string;
let databasePath: string;

function run(script: "backup" | "restore", ...args: string[]) {
  return runWith({}, script, ...args);
}

function runWith(env: Record<string, string>, script: "backup" | "restore", ...args: string[]) {
  const result = spawnSync(process.execPath, [`scripts/${script}.mjs`, ...args], {
    // The pictures beside the database file (the "unit-pg" setup gives the test process an UPLOADS_DIR of its own: not theirs).
    env: { ...process.env, DATABASE_URL: `file:${databasePath}`, UPLOADS_DIR: "", ...env },
    encoding: "utf8",
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function userVersion(file: string): number {
  const db = new Database(file, { readonly: true });
  const value = db.pragma("user_version", { simple: true }) as number;
  db.close();
  return value;
}

beforeAll(() => {
  directory = mkdtempSync(path.join(tmpdir(), "quads-restore-"));
  databasePath = path.join(directory, "quads.db");
  const db = openDatabase(databasePath);
  db.$client.pragma("user_version = 42");
  db.$client.close();
});

afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("backup and restore", () => {
  let backupFile: string;

  it("backs up, then restores the backup over a changed database and keeps the replaced one", () => {
    backupFile = path.join(directory, "backups", "b1.db");
    const backup = run("backup", backupFile);
    expect(backup.status, backup.output).toBe(0);
    expect(userVersion(backupFile)).toBe(42);
    expect(existsSync(`${backupFile}-wal`)).toBe(false); // one self-contained file

    // The live database moves on (the server stopped: it closed its connection).
    const live = new Database(databasePath);
    live.pragma("user_version = 7");
    live.exec("create table later_change (x)");
    live.close();
    writeFileSync(`${databasePath}-wal`, ""); // stale files a crashed server may leave
    writeFileSync(`${databasePath}-shm`, "");
    const restore = run("restore", backupFile);
    expect(restore.status, restore.output).toBe(0);
    expect(restore.output).toContain("Restored");
    expect(existsSync(`${databasePath}-wal`)).toBe(false);
    expect(existsSync(`${databasePath}-shm`)).toBe(false);
    expect(existsSync(`${backupFile}-wal`) || existsSync(`${backupFile}-shm`)).toBe(false);
    expect(userVersion(databasePath)).toBe(42);
    const kept = readdirSync(directory).filter((name) => name.startsWith("quads.db.before-restore-"));
    expect(kept).toHaveLength(1);
    expect(userVersion(path.join(directory, kept[0]))).toBe(7);
    const check = new Database(databasePath, { readonly: true });
    expect(check.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(check.prepare("select count(*) from sqlite_master where name = 'users'").pluck().get()).toBe(1);
    check.close();
  });

  it("takes the pictures along: backed up beside the file, put back by the restore (docs/uploads.md)", () => {
    const uploads = path.join(directory, "uploads");
    const name = `${"ab".padEnd(32, "0")}-10x10.webp`;
    mkdirSync(path.join(uploads, "ab"), { recursive: true });
    writeFileSync(path.join(uploads, "ab", name), "picture bytes");
    const withPictures = path.join(directory, "backups", "b2.db");
    const backup = run("backup", withPictures);
    expect(backup.status, backup.output).toBe(0);
    expect(readFileSync(path.join(`${withPictures}.uploads`, "ab", name), "utf8")).toBe("picture bytes");

    rmSync(uploads, { recursive: true }); // lost with the disk
    const restore = run("restore", withPictures);
    expect(restore.status, restore.output).toBe(0);
    expect(restore.output).toContain("Restored the pictures");
    expect(readFileSync(path.join(uploads, "ab", name), "utf8")).toBe("picture bytes");
  });

  it("with the pictures in a bucket, copies none and restores none, saying where they are (decision 0108)", () => {
    const uploads = path.join(directory, "uploads");
    const name = `${"cd".padEnd(32, "0")}-10x10.webp`;
    mkdirSync(path.join(uploads, "cd"), { recursive: true });
    writeFileSync(path.join(uploads, "cd", name), "old disk bytes");
    const inBucket = { S3_BUCKET: "pictures", S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "secret" };
    const backupPath = path.join(directory, "backups", "b3.db");
    const backup = runWith(inBucket, "backup", backupPath);
    expect(backup.status, backup.output).toBe(0);
    expect(backup.output).toContain("pictures in the bucket pictures, not copied");
    expect(existsSync(`${backupPath}.uploads`)).toBe(false);
    // A backup made while they were on disk, restored on a box that uses the bucket: the folder is named, nothing moved.
    const earlier = path.join(directory, "backups", "b2.db");
    const restore = runWith(inBucket, "restore", earlier);
    expect(restore.status, restore.output).toBe(0);
    expect(restore.output).toContain(`npm run uploads:copy -- --from ${earlier}.uploads`);
    expect(readFileSync(path.join(uploads, "cd", name), "utf8")).toBe("old disk bytes");
  });

  it("refuses while a server runs on the database", () => {
    writeFileSync(`${databasePath}.pid`, `${process.pid}\n`); // this (live, node) process plays the server
    try {
      const restore = run("restore", backupFile);
      expect(restore.status).toBe(1);
      expect(restore.output).toContain(`A Quads server (process ${process.pid}) is running on ${databasePath}. Stop it first`);
    } finally {
      rmSync(`${databasePath}.pid`);
    }
  });

  it("ignores a stale pid file left by a server that died", () => {
    writeFileSync(`${databasePath}.pid`, "999999999\n");
    try {
      expect(run("restore", backupFile).status).toBe(0);
    } finally {
      rmSync(`${databasePath}.pid`);
    }
  });

  it("refuses a damaged or foreign file and changes nothing", () => {
    const before = readdirSync(directory).length;
    const garbage = path.join(directory, "garbage.db");
    writeFileSync(garbage, "this is not a database".repeat(100));
    const damaged = run("restore", garbage);
    expect(damaged.status).toBe(1);
    expect(damaged.output).toContain("Nothing was changed");

    const foreign = path.join(directory, "foreign.db");
    const other = new Database(foreign);
    other.exec("create table notes (body text)");
    other.close();
    const refused = run("restore", foreign);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain("is not a Quads database");

    expect(run("restore", path.join(directory, "missing.db")).output).toContain("No backup at");
    expect(readdirSync(directory).length).toBe(before + 2); // only the two test files were added
    expect(userVersion(databasePath)).toBe(42);
  });
});
