import path from "node:path";
import { describe, expect, it } from "vitest";
import { DatabaseUrlError, parseDatabaseUrl } from "./database-url.server";

describe("parseDatabaseUrl", () => {
  it("reads a file: URL as SQLite, its path resolved", () => {
    expect(parseDatabaseUrl("file:./data/quads.db")).toEqual({ engine: "sqlite", path: path.resolve("data/quads.db") });
    expect(() => parseDatabaseUrl("file:")).toThrow(DatabaseUrlError);
  });

  it("reads postgres:// and postgresql:// URLs into an engine descriptor", () => {
    expect(parseDatabaseUrl("postgres://quads:s%40cret@db.example.com:6543/community")).toEqual({
      engine: "postgres",
      url: "postgres://quads:s%40cret@db.example.com:6543/community",
      host: "db.example.com",
      port: 6543,
      database: "community",
      user: "quads",
      ssl: false,
      label: "db.example.com:6543/community",
    });
    const defaults = parseDatabaseUrl("postgresql://db.internal/quads");
    expect(defaults).toMatchObject({ engine: "postgres", host: "db.internal", port: 5432, user: "postgres", ssl: false, label: "db.internal/quads" });
    expect(parseDatabaseUrl("postgres://[::1]:5432/quads")).toMatchObject({ host: "::1", port: 5432 });
  });

  it("honours sslmode as libpq does, and leaves it out of the URL node-postgres gets", () => {
    const required = parseDatabaseUrl("postgres://u:p@db.example.com/quads?sslmode=require&application_name=quads");
    expect(required).toMatchObject({ engine: "postgres", ssl: { rejectUnauthorized: false } });
    expect(required.engine === "postgres" && required.url).toBe("postgres://u:p@db.example.com/quads?application_name=quads");
    expect(parseDatabaseUrl("postgres://db/quads?sslmode=verify-full")).toMatchObject({ ssl: { rejectUnauthorized: true } });
    expect(parseDatabaseUrl("postgres://db/quads?sslmode=verify-ca")).toMatchObject({ ssl: { rejectUnauthorized: true } });
    expect(parseDatabaseUrl("postgres://db/quads?sslmode=disable")).toMatchObject({ ssl: false });
    expect(() => parseDatabaseUrl("postgres://db/quads?sslmode=sometimes")).toThrow(/sslmode=sometimes is not one of/);
  });

  it("refuses what is not a database URL, without echoing a password", () => {
    expect(() => parseDatabaseUrl("mysql://root:hunter2@db/quads")).toThrow(/must be file:<path>/);
    expect(() => parseDatabaseUrl("./data/quads.db")).toThrow(DatabaseUrlError);
    expect(() => parseDatabaseUrl("postgres://user:hunter2@db.example.com")).toThrow(/needs a database name/);
    expect(() => parseDatabaseUrl("postgres://user:hunter2@db.example.com/")).toThrow(/needs a database name/);
    for (const bad of ["mysql://root:hunter2@db/quads", "postgres://user:hunter2@db.example.com", "postgres://user:hunter2@db/q?sslmode=x"]) {
      try {
        parseDatabaseUrl(bad);
      } catch (error) {
        expect((error as Error).message).not.toContain("hunter2");
      }
    }
  });
});
