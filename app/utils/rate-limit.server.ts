/**
 * Fixed-window rate limits kept in SQLite, so every worker process and a restart see the same
 * counts. One upsert per checked attempt.
 */
import { getDb } from "./db.server";
import { tooManyRequests } from "./errors.server";

type Limit = { key: string; limit: number; windowSeconds: number };

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
let lastSweep = 0;

/** Deletes counters whose window has ended, at most every ten minutes, so the table stays small. */
function sweepExpiredCounters(now: number) {
  if (now - lastSweep < SWEEP_INTERVAL_MS) return;
  lastSweep = now;
  getDb().$client.prepare(`delete from rate_limits where reset_at <= ?`).run(now);
}

/**
 * Counts one attempt against `key`; throws a 429 AppError (with when to retry) once the limit is passed.
 * `now` is the attempt's time (the demo community replays its history at its own dates).
 */
export function consumeRateLimit({ key, limit, windowSeconds }: Limit, what = "attempts", now = Date.now()) {
  sweepExpiredCounters(now);
  const row = getDb()
    .$client.prepare(
      `insert into rate_limits (key, count, reset_at) values (?, 1, ?)
       on conflict(key) do update set
         count = case when reset_at <= ? then 1 else count + 1 end,
         reset_at = case when reset_at <= ? then excluded.reset_at else reset_at end
       returning count, reset_at as resetAt`,
    )
    .get(key, now + windowSeconds * 1000, now, now) as { count: number; resetAt: number };
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
  const row = getDb().$client.prepare(`select count, reset_at as resetAt from rate_limits where key = ? and reset_at > ?`).get(key, now) as
    | { count: number; resetAt: number }
    | undefined;
  if (row && row.count >= limit) {
    throw tooManyRequests(Math.max(1, Math.ceil((row.resetAt - now) / 1000)), what);
  }
}

/** Forgets a key (for example the failed-login counter after a successful sign-in). */
export function resetRateLimit(key: string) {
  getDb().$client.prepare(`delete from rate_limits where key = ?`).run(key);
}
