/**
 * Direct access to the e2e server's SQLite file, for setup steps (e.g. giving a test
 * user the moderator role). Prefer the UI or the API for what the test is about.
 */
import Database from "better-sqlite3";
import { inject } from "vitest";

export function withDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(inject("databasePath"));
  db.pragma("busy_timeout = 5000");
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** Sets a user's role by e-mail; the server reads the user on every request, so it applies at once. */
export function setRole(email: string, role: "member" | "moderator" | "admin"): void {
  withDatabase((db) => {
    const result = db.prepare("update users set role = ? where lower(email) = lower(?)").run(role, email);
    if (result.changes !== 1) throw new Error(`setRole: no user with e-mail ${email}`);
  });
}
