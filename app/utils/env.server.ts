/**
 * Configuration: parsed once from process.env with zod at start. A bad value stops the
 * start with a message naming the variable.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { DatabaseUrlError, parseDatabaseUrl, type DatabaseTarget } from "./database-url.server";

const POSTGRES_NOT_YET =
  "PostgreSQL support is being built and cannot be used yet: use a file: URL (SQLite, for example file:./data/quads.db). See docs/decisions/0104-one-schema-two-dialects.md.";

const booleanString = (defaultValue: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no", "on", "off", ""])
    .optional()
    .transform((value) => (value === undefined || value === "" ? defaultValue : ["true", "1", "yes", "on"].includes(value)));

/** A whole number of at least `minimum` (1: positive, 0: zero allowed), or the default when unset. */
const wholeNumber = (defaultValue: number, minimum = 1) =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === "") return defaultValue;
      const parsed = Number(value);
      if (!Number.isInteger(parsed) || parsed < minimum) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: minimum === 1 ? "must be a positive whole number" : `must be a whole number (${minimum} or more)` });
        return z.NEVER;
      }
      return parsed;
    });
const positiveInt = (defaultValue: number) => wholeNumber(defaultValue, 1);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === "") return 3000;
      const parsed = Number(value);
      if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: "must be a port number (0-65535)" });
        return z.NEVER;
      }
      return parsed;
    }),
  HOST: z.string().default("0.0.0.0"),
  /**
   * file:<path> (SQLite) or postgres://… (app/utils/database-url.server.ts). PostgreSQL is parsed and
   * checked; until every feature runs on it, the start refuses it with one line saying so
   * (`assertEngineServed`, docs/decisions/0104-one-schema-two-dialects.md).
   */
  DATABASE_URL: z
    .string()
    .default("file:./data/quads.db")
    .superRefine((value, context) => {
      try {
        parseDatabaseUrl(value);
      } catch (error) {
        if (!(error instanceof DatabaseUrlError)) throw error;
        context.addIssue({ code: z.ZodIssueCode.custom, message: error.message });
      }
    }),
  /** Connections each process keeps open to PostgreSQL (ignored on SQLite). */
  DATABASE_POOL_SIZE: z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === "") return 10;
      const parsed = Number(value);
      if (!Number.isInteger(parsed) || parsed < 1 || parsed > 1000) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: "must be a whole number of connections from 1 to 1000" });
        return z.NEVER;
      }
      return parsed;
    }),
  /** The longest one PostgreSQL statement may run before it is cancelled (a 503), in milliseconds; 0 = no limit. Ignored on SQLite. */
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(10_000, 0),
  SESSION_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  ADMIN_EMAIL: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((emails) => emails.every((email) => z.string().email().safeParse(email).success), "must be a comma-separated list of e-mail addresses"),
  SEED_DEMO: booleanString(true),
  COMMUNITY_NAME: z.string().trim().min(1).default("Quads"),
  COMMUNITY_TIMEZONE: z
    .string()
    .default("UTC")
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, "must be an IANA time zone such as UTC or Europe/Paris"),
  /**
   * Which X-Forwarded-For hops to believe (docs/operations.md): false, a hop count, or the proxies'
   * addresses. `true` would believe the client's own left-most entry, so it means 1 hop (with a warning).
   */
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if (parsed === undefined) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          message: "must be false, a number of proxy hops (1 for one reverse proxy), or comma-separated proxy addresses (IP, CIDR, loopback, uniquelocal)",
        });
        return z.NEVER;
      }
      return parsed;
    }),
  /** Sign-in and registration attempts allowed per window from one client IP. */
  AUTH_RATE_LIMIT_PER_IP: positiveInt(200),
  /** Failed sign-in attempts allowed per window for one account (e-mail). */
  AUTH_RATE_LIMIT_PER_ACCOUNT: positiveInt(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt(10 * 60),
  /** Posts and replies a member may create per window. */
  POST_RATE_LIMIT: positiveInt(10),
  POST_RATE_LIMIT_WINDOW_SECONDS: positiveInt(60),
  /**
   * New-member limits (docs/moderation.md): a member who joined less than NEW_MEMBER_HOURS ago or
   * has fewer than NEW_MEMBER_MIN_POSTS posts and replies may put at most NEW_MEMBER_MAX_LINKS
   * links in a post or reply and posts at half POST_RATE_LIMIT. Both 0: no one is new.
   */
  NEW_MEMBER_HOURS: wholeNumber(24, 0),
  NEW_MEMBER_MIN_POSTS: wholeNumber(3, 0),
  NEW_MEMBER_MAX_LINKS: wholeNumber(2, 0),
  /** Private conversations a new member may start per 24 hours (docs/messages.md). */
  NEW_MEMBER_CONVERSATIONS_PER_DAY: wholeNumber(3, 0),
  /** Requests for a password-reset link allowed per window from one client IP, and for one address. */
  FORGOT_PASSWORD_RATE_LIMIT_PER_IP: positiveInt(20),
  FORGOT_PASSWORD_RATE_LIMIT_PER_ADDRESS: positiveInt(3),
  FORGOT_PASSWORD_RATE_LIMIT_WINDOW_SECONDS: positiveInt(60 * 60),
  /** 'Resend verification e-mail' requests allowed per member per window. */
  VERIFY_EMAIL_RATE_LIMIT: positiveInt(3),
  VERIFY_EMAIL_RATE_LIMIT_WINDOW_SECONDS: positiveInt(60 * 60),
  /**
   * Where mail goes (docs/accounts.md): smtp://user:pass@host:587 or smtps://user:pass@host:465.
   * Empty: every message is written as an .eml file under data/mail/ beside the database.
   */
  SMTP_URL: z
    .string()
    .trim()
    .default("")
    .refine((value) => value === "" || isSmtpUrl(value), "must be smtp://user:pass@host:587 or smtps://user:pass@host:465 (or empty: mail is written to data/mail/)"),
  /** The From of every message; default `<COMMUNITY_NAME> <no-reply@localhost>`. */
  MAIL_FROM: z
    .string()
    .trim()
    .default("")
    .refine((value) => value === "" || isMailbox(value), "must be an address such as no-reply@example.com or Quads <no-reply@example.com>"),
  /**
   * The base of every absolute link: e-mails, the Atom feeds, the calendars, the feed URLs. Never
   * the request's Host (a client chooses that). Default http://localhost:<PORT>, with a warning at
   * start in production (docs/operations.md, "Configuration").
   */
  PUBLIC_URL: z
    .string()
    .trim()
    .default("")
    .refine((value) => value === "" || isBaseUrl(value), "must be an http(s) address such as https://community.example.com (no query or fragment)"),
  /** Distinct members whose open reports hide an item until a moderator decides (docs/moderation.md). */
  REPORTS_TO_HIDE: positiveInt(3),
  SCREENSHOT_URL_TEMPLATE: z.string().default(""),
  /** Where uploaded pictures are stored (docs/uploads.md); default `uploads/` beside the database. */
  UPLOADS_DIR: z.string().trim().optional(),
  /** The largest picture a member may upload, in bytes (docs/uploads.md); larger requests get 413 before they are read. */
  UPLOAD_MAX_BYTES: positiveInt(5 * 1024 * 1024),
  /** Pictures one member may upload per 24 hours, and the bytes all their stored pictures may take (docs/uploads.md). */
  UPLOADS_PER_DAY: positiveInt(50),
  UPLOAD_QUOTA_BYTES: positiveInt(200 * 1024 * 1024),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /**
   * Seconds a rendered GET response may be reused for the SAME cookies and URL while the database
   * has not changed (server.ts page cache, docs/decisions/0067-page-cache.md); 0 turns it off.
   */
  PAGE_CACHE_SECONDS: z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === "") return 10;
      const parsed = Number(value);
      if (!Number.isInteger(parsed) || parsed < 0 || parsed > 3600) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: "must be a whole number of seconds from 0 (off) to 3600" });
        return z.NEVER;
      }
      return parsed;
    }),
});

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** `address@host` or `Name <address@host>`. */
function isMailbox(value: string): boolean {
  const match = /^(?:[^<>]*<([^<>\s]+)>|([^<>\s]+))$/.exec(value);
  const address = match?.[1] ?? match?.[2];
  return Boolean(address && z.string().email().safeParse(address).success);
}

function isBaseUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && !url.search && !url.hash && !url.username;
  } catch {
    return false;
  }
}

export type TrustProxy = { hops: false | number | string[]; warning?: string };

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** TRUST_PROXY's value for Express' `trust proxy`, or undefined when it is not one we accept. */
export function parseTrustProxy(raw: string): TrustProxy | undefined {
  const value = raw.trim().toLowerCase();
  if (value === "" || value === "false" || value === "0") return { hops: false };
  if (value === "true") {
    return {
      hops: 1,
      warning:
        "TRUST_PROXY=true would let clients choose their IP (X-Forwarded-For) and escape every per-IP limit: trusting 1 proxy hop instead. Set TRUST_PROXY to the number of proxies in front of Quads (1 for one nginx) or to their addresses.",
    };
  }
  if (/^\d+$/.test(value)) return { hops: Number(value) };
  const addresses = value.split(",").map((item) => item.trim());
  const isAddress = (item: string) => {
    if (PROXY_NAMES.has(item)) return true;
    const [ip, prefix, ...extra] = item.split("/");
    if (extra.length || !isIP(ip)) return false;
    return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (isIP(ip) === 4 ? 32 : 128));
  };
  return addresses.length > 0 && addresses.every(isAddress) ? { hops: addresses } : undefined;
}

export type Env = Omit<z.infer<typeof envSchema>, "UPLOADS_DIR"> & {
  SESSION_SECRET: string;
  /** What DATABASE_URL names. */
  database: DatabaseTarget;
  databasePath: string;
  dataDirectory: string;
  mailDirectory: string;
  UPLOADS_DIR: string;
  /** Set in production when PUBLIC_URL is not: links then point at localhost. */
  publicUrlWarning?: string;
};

export class ConfigurationError extends Error {}

/** Parses the given environment (process.env by default) or throws a ConfigurationError naming the bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigurationError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const database = parseDatabaseUrl(result.data.DATABASE_URL);
  // On PostgreSQL the files Quads keeps beside the database (the session secret, .eml mail, the
  // uploads by default) go to ./data; `databasePath` names the process's pid file and live register there.
  const dataDirectory = database.engine === "sqlite" ? path.dirname(database.path) : path.resolve("data");
  const databasePath = database.engine === "sqlite" ? database.path : path.join(dataDirectory, "postgres");
  mkdirSync(dataDirectory, { recursive: true });
  const sessionSecret = result.data.SESSION_SECRET ?? readOrCreateSessionSecret(dataDirectory);
  const MAIL_FROM = result.data.MAIL_FROM || `${quoteDisplayName(result.data.COMMUNITY_NAME)} <no-reply@localhost>`;
  const PUBLIC_URL = (result.data.PUBLIC_URL || `http://localhost:${result.data.PORT}`).replace(/\/+$/, "");
  const mailDirectory = path.join(dataDirectory, "mail");
  const uploadsDirectory = path.resolve(result.data.UPLOADS_DIR || path.join(dataDirectory, "uploads"));
  const publicUrlWarning =
    result.data.PUBLIC_URL || result.data.NODE_ENV !== "production"
      ? undefined
      : `PUBLIC_URL is not set: feeds, calendars and e-mails link to ${PUBLIC_URL}. Set it to the address members use, such as https://community.example.com.`;
  return { ...result.data, database, MAIL_FROM, PUBLIC_URL, SESSION_SECRET: sessionSecret, databasePath, dataDirectory, mailDirectory, UPLOADS_DIR: uploadsDirectory, publicUrlWarning };
}

/**
 * Stops a start on an engine this build does not serve yet: PostgreSQL, while its data layer is
 * being built (docs/decisions/0105-postgres-engine.md). One line naming DATABASE_URL.
 */
export function assertEngineServed(env: Env): void {
  if (env.database.engine === "postgres" && process.env.QUADS_POSTGRES_PREVIEW !== "1") {
    throw new ConfigurationError(`Invalid configuration:\n  DATABASE_URL: ${POSTGRES_NOT_YET}`);
  }
}

/** A display name safe in a From header (quoted when it holds punctuation). */
function quoteDisplayName(name: string): string {
  return /^[\w .-]+$/.test(name) ? name : `"${name.replace(/["\\]/g, "")}"`;
}

/** Without SESSION_SECRET, a secret is generated once and kept beside the database so restarts keep sessions. */
function readOrCreateSessionSecret(dataDirectory: string): string {
  const secretPath = path.join(dataDirectory, "session-secret");
  if (existsSync(secretPath)) return readFileSync(secretPath, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  try {
    writeFileSync(secretPath, secret + "\n", { mode: 0o600, flag: "wx" });
    return secret;
  } catch {
    // Another process wrote it first: use theirs.
    return readFileSync(secretPath, "utf8").trim();
  }
}

let cachedEnv: Env | undefined;

/** The parsed configuration of this process. */
export function getEnv(): Env {
  cachedEnv ??= parseEnv();
  return cachedEnv;
}
