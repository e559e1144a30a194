/**
 * Configuration: parsed once from process.env with zod at start. A bad value stops the
 * start with a message naming the variable.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const booleanString = (defaultValue: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no", "on", "off", ""])
    .optional()
    .transform((value) => (value === undefined || value === "" ? defaultValue : ["true", "1", "yes", "on"].includes(value)));

const positiveInt = (defaultValue: number) =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === "") return defaultValue;
      const parsed = Number(value);
      if (!Number.isInteger(parsed) || parsed < 1) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: "must be a positive whole number" });
        return z.NEVER;
      }
      return parsed;
    });

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
  DATABASE_URL: z
    .string()
    .default("file:./data/quads.db")
    .refine((value) => value.startsWith("file:"), "must start with file: (for example file:./data/quads.db)"),
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
  TRUST_PROXY: z.string().default("false"),
  /** Sign-in and registration attempts allowed per window from one client IP. */
  AUTH_RATE_LIMIT_PER_IP: positiveInt(200),
  /** Failed sign-in attempts allowed per window for one account (e-mail). */
  AUTH_RATE_LIMIT_PER_ACCOUNT: positiveInt(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt(10 * 60),
  /** Posts and replies a member may create per window. */
  POST_RATE_LIMIT: positiveInt(10),
  POST_RATE_LIMIT_WINDOW_SECONDS: positiveInt(60),
  /** Distinct members whose open reports hide an item until a moderator decides (docs/moderation.md). */
  REPORTS_TO_HIDE: positiveInt(3),
  SCREENSHOT_URL_TEMPLATE: z.string().default(""),
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

export type Env = z.infer<typeof envSchema> & { SESSION_SECRET: string; databasePath: string; dataDirectory: string };

export class ConfigurationError extends Error {}

/** Parses the given environment (process.env by default) or throws a ConfigurationError naming the bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigurationError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const databasePath = path.resolve(result.data.DATABASE_URL.slice("file:".length));
  const dataDirectory = path.dirname(databasePath);
  mkdirSync(dataDirectory, { recursive: true });
  const sessionSecret = result.data.SESSION_SECRET ?? readOrCreateSessionSecret(dataDirectory);
  return { ...result.data, SESSION_SECRET: sessionSecret, databasePath, dataDirectory };
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
