import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigurationError, externalSignInOrigins, parseEnv } from "./env.server";

const directory = mkdtempSync(path.join(tmpdir(), "quads-env-"));
const database = `file:${path.join(directory, "env.db")}`;

describe("parseEnv", () => {
  it("applies the documented defaults", () => {
    const env = parseEnv({ DATABASE_URL: database });
    expect(env.PORT).toBe(3000);
    expect(env.SEED_DEMO).toBe(true);
    expect(env.MAIL_WORKER).toBe(true);
    expect(env.COMMUNITY_NAME).toBe("Quads");
    expect(env.ADMIN_EMAIL).toEqual([]);
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });
  it("keeps a generated session secret across restarts", () => {
    expect(parseEnv({ DATABASE_URL: database }).SESSION_SECRET).toBe(parseEnv({ DATABASE_URL: database }).SESSION_SECRET);
  });
  it("parses lists and switches", () => {
    const env = parseEnv({ DATABASE_URL: database, ADMIN_EMAIL: " A@x.io , b@y.io", SEED_DEMO: "false", MAIL_WORKER: "false" });
    expect(env.ADMIN_EMAIL).toEqual(["a@x.io", "b@y.io"]);
    expect(env.SEED_DEMO).toBe(false);
    expect(env.MAIL_WORKER).toBe(false);
    expect(() => parseEnv({ DATABASE_URL: database, MAIL_WORKER: "sometimes" })).toThrow(/MAIL_WORKER/);
  });
  it("stops with a message naming the bad variable", () => {
    expect(() => parseEnv({ DATABASE_URL: database, PORT: "eighty" })).toThrow(ConfigurationError);
    expect(() => parseEnv({ DATABASE_URL: database, PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: database, ADMIN_EMAIL: "not-an-email" })).toThrow(/ADMIN_EMAIL/);
    expect(() => parseEnv({ DATABASE_URL: "postgres://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ DATABASE_URL: database, SEED_DEMO: "maybe" })).toThrow(/SEED_DEMO/);
    expect(() => parseEnv({ DATABASE_URL: database, TRUST_PROXY: "yes please" })).toThrow(/TRUST_PROXY/);
  });
  it("reads the external sign-in providers: pairs set together, an https issuer (http only on this machine), the button's name", () => {
    const none = parseEnv({ DATABASE_URL: database });
    expect(none.OIDC_NAME).toBe("Single sign-on");
    expect(externalSignInOrigins(none)).toEqual([]);
    const all = parseEnv({
      DATABASE_URL: database,
      GITHUB_CLIENT_ID: "gh",
      GITHUB_CLIENT_SECRET: "gh-secret",
      GOOGLE_CLIENT_ID: "g",
      GOOGLE_CLIENT_SECRET: "g-secret",
      DISCORD_CLIENT_ID: "d",
      DISCORD_CLIENT_SECRET: "d-secret",
      OIDC_ISSUER: "https://sso.example.com/realms/community",
      OIDC_CLIENT_ID: "quads",
      OIDC_CLIENT_SECRET: "s",
      OIDC_NAME: "Campus login",
    });
    expect(all.OIDC_NAME).toBe("Campus login");
    expect(externalSignInOrigins(all)).toEqual(["https://github.com", "https://accounts.google.com", "https://discord.com", "https://sso.example.com"]);
    expect(() => parseEnv({ DATABASE_URL: database, GITHUB_CLIENT_ID: "gh" })).toThrow(/GITHUB_CLIENT_SECRET: must be set together with GITHUB_CLIENT_ID/);
    expect(() => parseEnv({ DATABASE_URL: database, DISCORD_CLIENT_SECRET: "d" })).toThrow(/DISCORD_CLIENT_ID/);
    expect(() => parseEnv({ DATABASE_URL: database, OIDC_ISSUER: "https://sso.example.com" })).toThrow(/OIDC_CLIENT_ID/);
    const oidc = { DATABASE_URL: database, OIDC_CLIENT_ID: "quads", OIDC_CLIENT_SECRET: "s" };
    expect(() => parseEnv({ ...oidc, OIDC_ISSUER: "http://sso.example.com" })).toThrow(/OIDC_ISSUER: must be an https:\/\/ address/);
    expect(parseEnv({ ...oidc, OIDC_ISSUER: "http://localhost:8080/realms/dev" }).OIDC_ISSUER).toBe("http://localhost:8080/realms/dev");
  });
  it("parses the mail settings: defaults from COMMUNITY_NAME and PORT, a bad value names the variable", () => {
    const env = parseEnv({ DATABASE_URL: database, COMMUNITY_NAME: "Quads", PORT: "4000" });
    expect(env.SMTP_URL).toBe("");
    expect(env.MAIL_FROM).toBe("Quads <no-reply@localhost>");
    expect(env.PUBLIC_URL).toBe("http://localhost:4000");
    expect(env.mailDirectory).toBe(path.join(directory, "mail"));
    const custom = parseEnv({ DATABASE_URL: database, SMTP_URL: "smtps://u:p@mail.example.com:465", MAIL_FROM: "Club <hi@example.com>", PUBLIC_URL: "https://club.example.com/" });
    expect(custom.PUBLIC_URL).toBe("https://club.example.com");
    expect(custom.MAIL_FROM).toBe("Club <hi@example.com>");
    // Links never follow the request's Host: without PUBLIC_URL they point at localhost, and production warns.
    expect(env.publicUrlWarning).toBeUndefined();
    expect(parseEnv({ DATABASE_URL: database, NODE_ENV: "production", PORT: "4000" }).publicUrlWarning).toMatch(/PUBLIC_URL is not set: .* http:\/\/localhost:4000/);
    expect(parseEnv({ DATABASE_URL: database, NODE_ENV: "production", PUBLIC_URL: "https://club.example.com" }).publicUrlWarning).toBeUndefined();
    expect(() => parseEnv({ DATABASE_URL: database, SMTP_URL: "http://mail.example.com" })).toThrow(/SMTP_URL/);
    expect(() => parseEnv({ DATABASE_URL: database, MAIL_FROM: "nobody" })).toThrow(/MAIL_FROM/);
    expect(() => parseEnv({ DATABASE_URL: database, PUBLIC_URL: "ftp://x" })).toThrow(/PUBLIC_URL/);
    expect(() => parseEnv({ DATABASE_URL: database, FORGOT_PASSWORD_RATE_LIMIT_PER_IP: "0" })).toThrow(/FORGOT_PASSWORD_RATE_LIMIT_PER_IP/);
  });
  it("trusts only the configured proxy hops: TRUST_PROXY=true means one hop, with a warning", () => {
    expect(parseEnv({ DATABASE_URL: database }).TRUST_PROXY).toEqual({ hops: false });
    expect(parseEnv({ DATABASE_URL: database, TRUST_PROXY: "2" }).TRUST_PROXY).toEqual({ hops: 2 });
    expect(parseEnv({ DATABASE_URL: database, TRUST_PROXY: "loopback, 10.0.0.0/8" }).TRUST_PROXY).toEqual({ hops: ["loopback", "10.0.0.0/8"] });
    const trusting = parseEnv({ DATABASE_URL: database, TRUST_PROXY: "true" }).TRUST_PROXY;
    expect(trusting.hops).toBe(1);
    expect(trusting.warning).toMatch(/X-Forwarded-For/);
  });
  it("reads the database settings: SQLite from a file: URL, PostgreSQL from a postgres:// URL (served: no switch needed)", () => {
    const env = parseEnv({ DATABASE_URL: database });
    expect(env.database).toEqual({ engine: "sqlite", path: path.join(directory, "env.db") });
    expect(env.DATABASE_POOL_SIZE).toBe(10);
    expect(env.DATABASE_STATEMENT_TIMEOUT_MS).toBe(10_000);
    const tuned = parseEnv({ DATABASE_URL: database, DATABASE_POOL_SIZE: "25", DATABASE_STATEMENT_TIMEOUT_MS: "0" });
    expect([tuned.DATABASE_POOL_SIZE, tuned.DATABASE_STATEMENT_TIMEOUT_MS]).toEqual([25, 0]);
    expect(() => parseEnv({ DATABASE_URL: database, DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE: must be a whole number of connections from 1 to 1000/);
    expect(() => parseEnv({ DATABASE_URL: database, DATABASE_STATEMENT_TIMEOUT_MS: "-5" })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://db/quads" })).toThrow(/DATABASE_URL: must be file:<path>/);
    for (const url of ["postgres://quads:secret@db.example.com:5432/quads", "postgresql://db.example.com/quads?sslmode=require"]) {
      const env = parseEnv({ DATABASE_URL: url });
      expect(env.database.engine).toBe("postgres");
      // Several boxes share one PostgreSQL: a secret generated on one box's disk is that box's alone.
      expect(env.sessionSecretWarning).toMatch(/SESSION_SECRET is not set: .*Every box behind one load balancer needs the same SESSION_SECRET/);
      expect(parseEnv({ DATABASE_URL: url, SESSION_SECRET: "a-shared-secret-of-enough-length" }).sessionSecretWarning).toBeUndefined();
    }
    expect(env.sessionSecretWarning).toBeUndefined();
  });
  it("reads S3_* as one object store (decision 0108): none set keeps the local disk, some set without the rest is one clear line", () => {
    expect(parseEnv({ DATABASE_URL: database }).objectStore).toBeNull();
    const keys = { S3_BUCKET: "pictures", S3_ACCESS_KEY_ID: "AKIA", S3_SECRET_ACCESS_KEY: "shh" };
    expect(parseEnv({ DATABASE_URL: database, ...keys }).objectStore).toEqual({
      bucket: "pictures",
      endpoint: undefined,
      region: "us-east-1",
      accessKeyId: "AKIA",
      secretAccessKey: "shh",
      forcePathStyle: false,
    });
    const minio = parseEnv({ DATABASE_URL: database, ...keys, S3_ENDPOINT: "http://127.0.0.1:9000", S3_REGION: "auto", S3_FORCE_PATH_STYLE: "true" }).objectStore;
    expect(minio).toMatchObject({ endpoint: "http://127.0.0.1:9000", region: "auto", forcePathStyle: true });
    let message = "";
    try {
      parseEnv({ DATABASE_URL: database, S3_BUCKET: "pictures", S3_ACCESS_KEY_ID: "AKIA" });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigurationError);
      message = (error as Error).message;
    }
    expect(message.split("\n")).toEqual([
      "Invalid configuration:",
      "  S3_*: the object store needs S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY together (missing: S3_SECRET_ACCESS_KEY); or unset every S3_* variable to keep pictures on the local disk (UPLOADS_DIR)",
    ]);
    expect(() => parseEnv({ DATABASE_URL: database, S3_REGION: "eu-west-1" })).toThrow(/missing: S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
    expect(() => parseEnv({ DATABASE_URL: database, ...keys, S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT: must be the store's http\(s\) address/);
    expect(() => parseEnv({ DATABASE_URL: database, ...keys, S3_FORCE_PATH_STYLE: "sometimes" })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});
