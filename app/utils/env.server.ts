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

const optionalText = z.string().trim().default("");

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
   * file:<path> (SQLite) or postgres://… (PostgreSQL 15 or newer): app/utils/database-url.server.ts,
   * docs/decisions/0104-one-schema-two-dialects.md and 0105-postgres-engine.md.
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
  /**
   * Whether this box runs a mail worker (the outbox's sender and the scheduled mail jobs). false:
   * the outbox still fills, and a box with it on sends (docs/operations.md, "Several boxes";
   * docs/decisions/0110-background-work-once.md).
   */
  MAIL_WORKER: booleanString(true),
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
  /**
   * Pictures in an S3-compatible object store instead of UPLOADS_DIR (docs/operations.md, "Pictures
   * in an object store"; decision 0108). The names Mastodon uses. S3_BUCKET, S3_ACCESS_KEY_ID and
   * S3_SECRET_ACCESS_KEY go together (`objectStoreOf`); S3_ENDPOINT is for any store but AWS.
   */
  S3_BUCKET: z.string().trim().optional(),
  S3_ENDPOINT: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || isHttpUrl(value), "must be the store's http(s) address, such as https://<account>.r2.cloudflarestorage.com"),
  S3_REGION: z.string().trim().optional(),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: booleanString(false),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /**
   * Sign-in with external identities (docs/accounts.md, "Sign-in with external identities";
   * decision 0112): each provider is on when its client id and secret are both set.
   */
  GITHUB_CLIENT_ID: optionalText,
  GITHUB_CLIENT_SECRET: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  DISCORD_CLIENT_ID: optionalText,
  DISCORD_CLIENT_SECRET: optionalText,
  /** The generic OpenID Connect provider, found by discovery at <OIDC_ISSUER>/.well-known/openid-configuration. */
  OIDC_ISSUER: z
    .string()
    .trim()
    .default("")
    .refine((value) => value === "" || isIssuerUrl(value), "must be an https:// address (http:// only for localhost), such as https://sso.example.com/realms/community"),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  /** The name on the generic provider's button ('Continue with <OIDC_NAME>'). */
  OIDC_NAME: z.string().trim().max(40, "must be at most 40 characters").default("").transform((value) => value || "Single sign-on"),
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

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Which half of a provider's pair is missing, for each provider configured by half. */
const providerPairs = [
  ["GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET"],
  ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
  ["DISCORD_CLIENT_ID", "DISCORD_CLIENT_SECRET"],
] as const;

/** A provider set by half (an id without its secret, an issuer without its client) is a mistake worth stopping for. */
function checkProviderPairs(data: z.infer<typeof envSchema>, context: z.RefinementCtx) {
  for (const [id, secret] of providerPairs) {
    if (Boolean(data[id]) !== Boolean(data[secret])) context.addIssue({ code: z.ZodIssueCode.custom, path: [data[id] ? secret : id], message: `must be set together with ${data[id] ? id : secret}` });
  }
  const oidc = [data.OIDC_ISSUER, data.OIDC_CLIENT_ID, data.OIDC_CLIENT_SECRET];
  if (oidc.some(Boolean) && !oidc.every(Boolean)) {
    const missing = (["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const).find((key) => !data[key]) ?? "OIDC_ISSUER";
    context.addIssue({ code: z.ZodIssueCode.custom, path: [missing], message: "OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together" });
  }
}

/** An issuer: https, or http on a loopback host (a provider on the same machine, tests: decision 0112). */
function isIssuerUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.search || url.hash || url.username) return false;
    return url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname));
  } catch {
    return false;
  }
}

/** Where pictures go when they are not on the local disk: an S3-compatible bucket (decision 0108). */
export type ObjectStoreConfig = {
  bucket: string;
  /** Unset: AWS S3 itself. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

const S3_REQUIRED = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
const S3_VARIABLES = [...S3_REQUIRED, "S3_ENDPOINT", "S3_REGION", "S3_FORCE_PATH_STYLE"] as const;

/**
 * The object store S3_* describe, or null when none of them is set (pictures stay on the local
 * disk). Some set without the rest: a one-line message naming what is missing.
 */
export function objectStoreOf(source: Record<string, string | undefined>): ObjectStoreConfig | null | { problem: string } {
  const value = (name: string) => source[name]?.trim() ?? "";
  if (S3_VARIABLES.every((name) => value(name) === "")) return null;
  const missing = S3_REQUIRED.filter((name) => value(name) === "");
  if (missing.length > 0) {
    return {
      problem: `the object store needs ${S3_REQUIRED.join(", ")} together (missing: ${missing.join(", ")}); or unset every S3_* variable to keep pictures on the local disk (UPLOADS_DIR)`,
    };
  }
  return {
    bucket: value("S3_BUCKET"),
    endpoint: value("S3_ENDPOINT") || undefined,
    region: value("S3_REGION") || "us-east-1",
    accessKeyId: value("S3_ACCESS_KEY_ID"),
    secretAccessKey: value("S3_SECRET_ACCESS_KEY"),
    forcePathStyle: ["true", "1", "yes", "on"].includes(value("S3_FORCE_PATH_STYLE").toLowerCase()),
  };
}

export function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

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

type S3Variable = (typeof S3_VARIABLES)[number];

export type Env = Omit<z.infer<typeof envSchema>, "UPLOADS_DIR" | S3Variable> & {
  SESSION_SECRET: string;
  /** What DATABASE_URL names. */
  database: DatabaseTarget;
  databasePath: string;
  dataDirectory: string;
  mailDirectory: string;
  UPLOADS_DIR: string;
  /** The bucket pictures live in (S3_*), or null: the local disk at UPLOADS_DIR (decision 0108). */
  objectStore: ObjectStoreConfig | null;
  /** Set in production when PUBLIC_URL is not: links then point at localhost. */
  publicUrlWarning?: string;
  /** Set on PostgreSQL when SESSION_SECRET is not: the secret generated in ./data is this box's own (docs/operations.md, "Running several boxes"). */
  sessionSecretWarning?: string;
};

export class ConfigurationError extends Error {}

/** Parses the given environment (process.env by default) or throws a ConfigurationError naming the bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.superRefine(checkProviderPairs).safeParse(source);
  const store = objectStoreOf(source);
  const storeProblem = store && "problem" in store ? store.problem : undefined;
  if (!result.success || storeProblem) {
    const lines = result.success ? [] : result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    if (storeProblem) lines.push(`  S3_*: ${storeProblem}`);
    throw new ConfigurationError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const objectStore = store && !("problem" in store) ? store : null;
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
  const sessionSecretWarning =
    database.engine === "postgres" && !result.data.SESSION_SECRET
      ? `SESSION_SECRET is not set: this box signs cookies with a secret it generated in ${path.join(dataDirectory, "session-secret")}. Every box behind one load balancer needs the same SESSION_SECRET, or members are signed out as their requests move between boxes.`
      : undefined;
  return { ...result.data, objectStore, database, MAIL_FROM, PUBLIC_URL, SESSION_SECRET: sessionSecret, databasePath, dataDirectory, mailDirectory, UPLOADS_DIR: uploadsDirectory, publicUrlWarning, sessionSecretWarning };
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

/**
 * Where the 'Continue with …' buttons' form posts are redirected (the providers' sign-in pages):
 * server.ts adds them to the pages' CSP `form-action`, which browsers also apply to a form post's
 * redirects (docs/decisions/0112-external-sign-in.md). The generic provider's is its issuer's origin.
 */
export function externalSignInOrigins(env: Env): string[] {
  const origins = [
    env.GITHUB_CLIENT_ID ? "https://github.com" : "",
    env.GOOGLE_CLIENT_ID ? "https://accounts.google.com" : "",
    env.DISCORD_CLIENT_ID ? "https://discord.com" : "",
    env.OIDC_ISSUER ? new URL(env.OIDC_ISSUER).origin : "",
  ];
  return origins.filter(Boolean);
}

let cachedEnv: Env | undefined;

/** The parsed configuration of this process. */
export function getEnv(): Env {
  cachedEnv ??= parseEnv();
  return cachedEnv;
}
