/**
 * Hiding a post or a reply (docs/moderation.md): its author and moderators still see it, marked;
 * everyone else sees a notice instead (views.server.ts). The moderation feature decides when;
 * these write the columns, inside the caller's transaction.
 */
import { getDb } from "~/utils/db.server";
import type { HiddenReason } from "./views.server";

type Hiding = { by: string | null; reason: HiddenReason } | null;

function setHidden(table: "posts" | "replies", id: number, hiding: Hiding): boolean {
  const sqlite = getDb().$client;
  if (hiding === null) {
    return sqlite.prepare(`UPDATE ${table} SET hidden_at = NULL, hidden_by = NULL, hidden_reason = NULL WHERE id = ? AND hidden_at IS NOT NULL`).run(id).changes > 0;
  }
  // A moderator's decision replaces an automatic hiding; hiding twice changes nothing.
  return (
    sqlite
      .prepare(`UPDATE ${table} SET hidden_at = ?, hidden_by = ?, hidden_reason = ? WHERE id = ? AND (hidden_at IS NULL OR hidden_reason IS NOT ?)`)
      .run(Date.now(), hiding.by, hiding.reason, id, hiding.reason).changes > 0
  );
}

/** Hides (or shows again, with null) a post; true when something changed. */
export function setPostHidden(postId: number, hiding: Hiding): boolean {
  return setHidden("posts", postId, hiding);
}

/** Hides (or shows again, with null) a reply; true when something changed. */
export function setReplyHidden(replyId: number, hiding: Hiding): boolean {
  return setHidden("replies", replyId, hiding);
}
