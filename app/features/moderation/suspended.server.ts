/**
 * "Is this member suspended now?": the one rule (docs/moderation.md, "Suspensions"), as a plain
 * predicate for a row already read and as a SQL condition on `users` for queries. A suspension is
 * in effect while `users.suspended_until` lies in the future; once that moment has passed the
 * member is back everywhere (sign-in, mail, feeds, @mention suggestions, live updates) without
 * anyone clearing the column.
 */
import { isNull, lte, or, type Placeholder, type SQL } from "drizzle-orm";
import { schema } from "~/utils/db.server";

/** Whether a member whose `suspendedUntil` is this is suspended at `now`. */
export function isSuspendedAt(suspendedUntil: Date | null, now: Date = new Date()): boolean {
  return suspendedUntil !== null && suspendedUntil.getTime() > now.getTime();
}

/**
 * The same rule as a condition on the `users` table: true for members not suspended at `now`
 * (a Date, or a placeholder bound to milliseconds in a prepared statement).
 */
export function isNotSuspendedAt(now: Date | Placeholder): SQL {
  const { users } = schema;
  return or(isNull(users.suspendedUntil), lte(users.suspendedUntil, now))!;
}
