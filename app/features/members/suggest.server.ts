/** Member suggestions for @mentions (docs/discussions.md, "Usernames and mentions"). */
import { and, asc, gte, lt, sql } from "drizzle-orm";
import { isNotSuspendedAt } from "~/features/moderation/index.server";
import { readDb, schema, type AppDatabase } from "~/utils/db.server";
import { caseless } from "~/utils/sql-dialect.server";
import { perDatabase } from "~/utils/statement-cache.server";

export const SUGGESTIONS_MAX = 8;
export type MemberSuggestion = { id: string; username: string; displayName: string };

// The largest code point: `prefix || MAX` bounds every text that starts with the prefix.
const MAX_CHARACTER = "\u{10FFFF}";

/**
 * Up to 8 members whose username or display name starts with `query` (case-insensitive, a leading
 * @ ignored): username matches first. Two index range reads (users_username_unique and
 * users_display_name_nocase_idx), so it stays fast however many members there are.
 */
export async function suggestMembers(query: unknown): Promise<MemberSuggestion[]> {
  const prefix = (typeof query === "string" ? query : "").trim().replace(/^@/, "").slice(0, 100);
  if (prefix === "") return [];
  const queries = suggestQueries(readDb());
  const now = Date.now();
  const found = new Map<string, MemberSuggestion>();
  const lower = prefix.toLowerCase();
  if (/^[a-z0-9_]+$/.test(lower)) {
    const rows = await queries.byUsername.execute({ now, from: lower, to: `${lower}${MAX_CHARACTER}`, limit: SUGGESTIONS_MAX });
    for (const row of rows) found.set(row.id, row);
  }
  if (found.size < SUGGESTIONS_MAX) {
    const rows = await queries.byDisplayName.execute({ now, from: prefix, to: `${prefix}${MAX_CHARACTER}`, limit: SUGGESTIONS_MAX * 2 });
    for (const row of rows) if (found.size < SUGGESTIONS_MAX) found.set(row.id, row);
  }
  return [...found.values()];
}

/** Made once per database (typing a mention asks on every key). */
const suggestQueries = perDatabase((db: AppDatabase) => {
  const { users } = schema;
  const param = sql.placeholder;
  const columns = { id: users.id, username: users.username, displayName: users.displayName };
  return {
    byUsername: db
      .select(columns)
      .from(users)
      .where(and(gte(users.username, param("from")), lt(users.username, param("to")), isNotSuspendedAt(param("now"))))
      .orderBy(asc(users.username))
      .limit(param("limit"))
      .prepare(),
    byDisplayName: displayNameRangeQuery(db).prepare(),
  };
});

/**
 * Members whose display name lies in [from, to) compared without regard to case (`caseless`:
 * COLLATE NOCASE on SQLite, so users_display_name_nocase_idx serves the range). Exported for the
 * test that reads its query plan.
 */
export function displayNameRangeQuery(db: AppDatabase) {
  const { users } = schema;
  const param = sql.placeholder;
  return db
    .select({ id: users.id, username: users.username, displayName: users.displayName })
    .from(users)
    .where(
      and(
        sql`${caseless(db, users.displayName)} >= ${caseless(db, param("from"))}`,
        sql`${caseless(db, users.displayName)} < ${caseless(db, param("to"))}`,
        isNotSuspendedAt(param("now")),
      ),
    )
    .orderBy(caseless(db, users.displayName))
    .limit(param("limit"));
}
