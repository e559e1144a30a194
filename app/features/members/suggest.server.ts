/** Member suggestions for @mentions (docs/discussions.md, "Usernames and mentions"). */
import { getDb } from "~/utils/db.server";

export const SUGGESTIONS_MAX = 8;
export type MemberSuggestion = { id: string; username: string; displayName: string };

// The largest code point: `prefix || MAX` bounds every text that starts with the prefix.
const MAX_CHARACTER = "\u{10FFFF}";

/**
 * Up to 8 members whose username or display name starts with `query` (case-insensitive, a leading
 * @ ignored): username matches first. Two index range reads (users_username_unique and
 * users_display_name_nocase_idx), so it stays fast however many members there are.
 */
export function suggestMembers(query: unknown): MemberSuggestion[] {
  const prefix = (typeof query === "string" ? query : "").trim().replace(/^@/, "").slice(0, 100);
  if (prefix === "") return [];
  const sqlite = getDb().$client;
  const found = new Map<string, MemberSuggestion>();
  const lower = prefix.toLowerCase();
  if (/^[a-z0-9_]+$/.test(lower)) {
    const rows = sqlite
      .prepare(
        `SELECT id, username, display_name AS displayName FROM users
         WHERE username >= ? AND username < ? AND suspended_until IS NULL ORDER BY username LIMIT ?`,
      )
      .all(lower, `${lower}${MAX_CHARACTER}`, SUGGESTIONS_MAX) as MemberSuggestion[];
    for (const row of rows) found.set(row.id, row);
  }
  if (found.size < SUGGESTIONS_MAX) {
    const rows = sqlite
      .prepare(
        `SELECT id, username, display_name AS displayName FROM users
         WHERE display_name >= ? COLLATE NOCASE AND display_name < ? COLLATE NOCASE AND suspended_until IS NULL
         ORDER BY display_name COLLATE NOCASE LIMIT ?`,
      )
      .all(prefix, `${prefix}${MAX_CHARACTER}`, SUGGESTIONS_MAX * 2) as MemberSuggestion[];
    for (const row of rows) if (found.size < SUGGESTIONS_MAX) found.set(row.id, row);
  }
  return [...found.values()];
}
