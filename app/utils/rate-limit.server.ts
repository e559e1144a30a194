/**
 * Fixed-window rate limits kept in SQLite, so every worker process and a restart see the same
 * counts. One upsert per checked attempt.
 */
import { and, eq, gt, lte, sql } from "drizzle-orm";
import { getDb, schema, type AppDatabase } from "./db.server";
import { tooManyRequests } from "./errors.server";
import { perDatabase } from "./statement-cache.server";

type Limit = { key: string; limit: number; windowSeconds: number };

/** Made once per database: every sign-in, registration, post and reply counts an attempt. */
const rateLimitQueries = perDatabase((db: AppDatabase) => {
  const { rateLimits } = schema;
  const param = sql.placeholder;
  const windowEnded = sql`${rateLimits.resetAt} <= ${param("now")}`;
  return {
    consume: db
      .insert(rateLimits)
      .values({ key: param("key"), count: 1, resetAt: param("resetAt") })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${windowEnded} then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${windowEnded} then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt })
      .prepare(),
    current: db
      .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, param("key")), gt(rateLimits.resetAt, param("now"))))
      .prepare(),
    reset: db.delete(rateLimits).where(eq(rateLimits.key, param("key"))).prepare(),
    sweep: db.delete(rateLimits).where(lte(rateLimits.resetAt, param("now"))).prepare(),
  };
});

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
let lastSweep = 0;

/** Deletes counters whose window has ended, at most every ten minutes, so the table stays small. */
function sweepExpiredCounters(now: number) {
  if (now - lastSweep < SWEEP_INTERVAL_MS) return;
  lastSweep = now;
  rateLimitQueries(getDb()).sweep.run({ now });
}

/**
 * Counts one attempt against `key`; throws a 429 AppError (with when to retry) once the limit is passed.
 * `now` is the attempt's time (the demo community replays its history at its own dates).
 */
export function consumeRateLimit({ key, limit, windowSeconds }: Limit, what = "attempts", now = Date.now()) {
  sweepExpiredCounters(now);
  const row = rateLimitQueries(getDb()).consume.get({ key, resetAt: now + windowSeconds * 1000, now })!;
  if (row.count > limit) {
    throw tooManyRequests(Math.max(1, Math.ceil((row.resetAt - now) / 1000)), what);
  }
}

/**
 * Throws the same 429 as consumeRateLimit when `key` has already used up its limit, without
 * counting an attempt: a locked account is refused before its password is checked, so the
 * answer never tells which guess was right.
 */
export function assertWithinRateLimit({ key, limit }: Limit, what = "attempts") {
  const now = Date.now();
  const row = rateLimitQueries(getDb()).current.get({ key, now });
  if (row && row.count >= limit) {
    throw tooManyRequests(Math.max(1, Math.ceil((row.resetAt - now) / 1000)), what);
  }
}

/** Forgets a key (for example the failed-login counter after a successful sign-in). */
export function resetRateLimit(key: string) {
  rateLimitQueries(getDb()).reset.run({ key });
}
