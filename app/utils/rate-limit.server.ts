/**
 * Fixed-window rate limits kept in the database, so every worker process and a restart see the
 * same counts. One upsert per checked attempt, in a unit of work of its own (decision 0102): the
 * counter is read back from the upsert itself, so attempts that race are each counted exactly once.
 */
import { and, eq, gt, lte, sql } from "drizzle-orm";
import { readDb, schema, write, type AppDatabase } from "./db.server";
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

/** Whether the counters whose window has ended are due to be deleted (at most every ten minutes, so the table stays small). */
function isSweepDue(now: number): boolean {
  if (now - lastSweep < SWEEP_INTERVAL_MS) return false;
  lastSweep = now;
  return true;
}

function throwWhenPassed(row: { count: number; resetAt: number }, limit: number, what: string, now: number) {
  if (row.count > limit) throw tooManyRequests(Math.max(1, Math.ceil((row.resetAt - now) / 1000)), what);
}

/**
 * Counts one attempt against `key`; throws a 429 AppError (with when to retry) once the limit is passed.
 * `now` is the attempt's time (the demo community replays its history at its own dates).
 */
export async function consumeRateLimit({ key, limit, windowSeconds }: Limit, what = "attempts", now = Date.now()): Promise<void> {
  const isSweeping = isSweepDue(now);
  const row = await write(async (tx) => {
    const queries = rateLimitQueries(tx);
    if (isSweeping) await queries.sweep.execute({ now });
    const [counted] = await queries.consume.execute({ key, resetAt: now + windowSeconds * 1000, now });
    return counted;
  });
  throwWhenPassed(row, limit, what, now);
}

/**
 * Throws the same 429 as consumeRateLimit when `key` has already used up its limit, without
 * counting an attempt: a locked account is refused before its password is checked, so the
 * answer never tells which guess was right.
 */
export async function assertWithinRateLimit({ key, limit }: Limit, what = "attempts"): Promise<void> {
  const now = Date.now();
  const [row] = await rateLimitQueries(readDb()).current.execute({ key, now });
  if (row && row.count >= limit) {
    throw tooManyRequests(Math.max(1, Math.ceil((row.resetAt - now) / 1000)), what);
  }
}

/** Forgets a key (for example the failed-login counter after a successful sign-in). */
export async function resetRateLimit(key: string): Promise<void> {
  await write((tx) => rateLimitQueries(tx).reset.execute({ key }));
}
