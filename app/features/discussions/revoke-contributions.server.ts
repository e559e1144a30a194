/**
 * Set-based undo of discussion contributions. Deleting a post (or a reply thread) takes back
 * every contribution it produced, for everyone affected, with one DELETE and one UPDATE instead
 * of one revokeContribution() call per reply and like. Same effect as revokeContribution:
 * the ledger rows go, users.points drops by their points (never below 0), badges are refreshed.
 * (A candidate for the gamification feature's public API; see docs/discussions.md.)
 */
import { refreshBadges } from "~/features/gamification/engine.server";
import type { ContributionKind } from "~/features/gamification/rules";
import { getDb } from "~/utils/db.server";

type RemovedRow = { userId: string; kind: ContributionKind; points: number };

/** Deletes the contribution rows matching `where` (SQL over the contributions table) and settles points. Call inside a transaction. */
export function revokeContributionsWhere(where: string, params: unknown[]): number {
  const sqlite = getDb().$client;
  const removed = sqlite.prepare(`DELETE FROM contributions WHERE ${where} RETURNING user_id AS userId, kind, points`).all(...params) as RemovedRow[];
  if (removed.length === 0) return 0;
  const byUser = new Map<string, { total: number; kinds: Set<ContributionKind> }>();
  for (const row of removed) {
    const entry = byUser.get(row.userId) ?? { total: 0, kinds: new Set<ContributionKind>() };
    entry.total += row.points;
    entry.kinds.add(row.kind);
    byUser.set(row.userId, entry);
  }
  const totals = [...byUser].filter(([, entry]) => entry.total !== 0).map(([userId, entry]) => ({ userId, total: entry.total }));
  if (totals.length > 0) {
    sqlite
      .prepare(
        `UPDATE users SET points = max(0, users.points - d.total)
         FROM (SELECT json_extract(value, '$.userId') AS userId, json_extract(value, '$.total') AS total FROM json_each(?)) AS d
         WHERE users.id = d.userId`,
      )
      .run(JSON.stringify(totals));
  }
  for (const [userId, entry] of byUser) refreshBadges(userId, { kinds: [...entry.kinds] });
  return removed.length;
}

/** Everything a post produced: post_created, each reply's reply_created/reply_to_other, each like_received. */
export function revokePostContributions(postId: number): number {
  const id = String(postId);
  return revokeContributionsWhere(
    `(kind = 'post_created' AND subject_id = ?)
     OR (kind IN ('reply_created', 'reply_to_other') AND subject_id IN (SELECT cast(id AS text) FROM replies WHERE post_id = ?))
     OR (kind = 'like_received' AND subject_id >= ? AND subject_id < ?)`,
    [id, postId, `${id}:`, `${id};`],
  );
}

/** What a set of replies produced (a reply and its sub-thread). */
export function revokeReplyContributions(replyIds: number[]): number {
  if (replyIds.length === 0) return 0;
  return revokeContributionsWhere(
    `kind IN ('reply_created', 'reply_to_other') AND subject_id IN (SELECT cast(value AS text) FROM json_each(?))`,
    [JSON.stringify(replyIds)],
  );
}
