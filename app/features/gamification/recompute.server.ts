/**
 * The full rebuild behind `npm run badges:recompute`: derives the contributions ledger from the
 * stored history (users, posts, replies, likes, attended meetings, shared and rated resources,
 * artist ratings and comments), applies the current point values, sets every member's points to
 * the sum of their ledger, and re-evaluates every badge. Idempotent: a second run changes nothing.
 *
 * Ledger rows that still match the history keep their dates (so the 7/30-day leaderboards are
 * unchanged); rows without history are removed, missing ones added with the history's date.
 * Admin grants (supporter_granted) have no other history and are kept as they are.
 */
// Raw SQL: a bulk rebuild, set-based on purpose (docs/decisions/0077-data-access-style.md).
import { sql, type SQL } from "drizzle-orm";
import { write, type AppDatabase } from "~/utils/db.server";
import { dialectOf, executeSql, queryRows, type Dialect } from "~/utils/sql-dialect.server";
import { evaluateBadges, type OnBadgeEarned } from "./engine.server";
import { badgeTypesList, contributionKinds, contributionRules, type ContributionKind } from "./rules";

/**
 * How each kind is found in the stored history: rows of (user_id, subject_id, created_at). Portable
 * SQL (booleans tested as such: SQLite's 0/1 and PostgreSQL's booleans both read as truth values).
 */
const historySql: Partial<Record<ContributionKind, string>> = {
  joined: "SELECT id, id, joined_at FROM users",
  post_created: "SELECT author_id, CAST(id AS TEXT), created_at FROM posts",
  reply_created: "SELECT author_id, CAST(id AS TEXT), created_at FROM replies",
  reply_to_other: `SELECT r.author_id, CAST(r.id AS TEXT), r.created_at
                   FROM replies r JOIN posts p ON p.id = r.post_id WHERE r.author_id != p.author_id`,
  like_received: `SELECT p.author_id, p.id || ':' || l.user_id, l.created_at
                  FROM post_likes l JOIN posts p ON p.id = l.post_id WHERE l.user_id != p.author_id`,
  meeting_attended: `SELECT a.user_id, CAST(a.meeting_id AS TEXT), m.scheduled_at
                     FROM meeting_attendees a JOIN meetings m ON m.id = a.meeting_id WHERE a.attended`,
  resource_shared: "SELECT submitted_by, CAST(id AS TEXT), created_at FROM resources WHERE submitted_by IS NOT NULL",
  resource_rated: "SELECT user_id, CAST(resource_id AS TEXT), created_at FROM resource_ratings",
  artist_rated: "SELECT user_id, CAST(artist_id AS TEXT), created_at FROM artist_ratings",
  artist_commented: "SELECT user_id, CAST(id AS TEXT), created_at FROM artist_comments WHERE NOT is_hidden",
};

/** Kinds rebuilt from history; the others (admin grants) are kept. */
export const derivedKinds = contributionKinds.filter((kind) => historySql[kind] !== undefined);

export type RecomputeSummary = {
  members: number;
  contributionsAdded: number;
  contributionsRemoved: number;
  contributionsRevalued: number;
  pointsChanged: number;
  badgesEarned: number;
};

const pointsCase = () =>
  `CASE kind ${contributionKinds.map((kind) => `WHEN '${kind}' THEN ${contributionRules[kind].points}`).join(" ")} ELSE points END`;

/**
 * The derived ledger, in a temporary table: the one engine-specific piece of the rebuild (decision
 * 0104). SQLite: `temp.` and WITHOUT ROWID, kept for the connection and emptied here. PostgreSQL:
 * a temporary table dropped at the unit's commit (a unit run again after a serialization failure
 * starts without it), its subquery named, the kind typed.
 */
const derivedLedgerSql: Record<Dialect, { create: string; table: string; insert: (kind: ContributionKind) => SQL }> = {
  postgres: {
    create:
      "CREATE TEMP TABLE IF NOT EXISTS derived_contributions (user_id TEXT NOT NULL, kind TEXT NOT NULL, subject_id TEXT NOT NULL, created_at BIGINT NOT NULL, PRIMARY KEY (user_id, kind, subject_id)) ON COMMIT DROP",
    table: "derived_contributions",
    insert: (kind) =>
      sql`INSERT INTO derived_contributions (user_id, subject_id, created_at, kind) SELECT history.*, ${kind}::text FROM (${sql.raw(historySql[kind]!)}) AS history ON CONFLICT DO NOTHING`,
  },
  sqlite: {
    create:
      "CREATE TEMP TABLE IF NOT EXISTS derived_contributions (user_id TEXT NOT NULL, kind TEXT NOT NULL, subject_id TEXT NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (user_id, kind, subject_id)) WITHOUT ROWID",
    table: "temp.derived_contributions",
    insert: (kind) =>
      sql`INSERT INTO temp.derived_contributions (user_id, subject_id, created_at, kind) SELECT *, ${kind} FROM (${sql.raw(historySql[kind]!)}) WHERE true ON CONFLICT DO NOTHING`,
  },
};

/** Creates or empties the derived ledger, then fills it from the history of each derived kind. */
async function fillDerivedLedger(tx: AppDatabase): Promise<void> {
  const ledger = derivedLedgerSql[dialectOf(tx)];
  await executeSql(tx, sql.raw(ledger.create));
  await executeSql(tx, sql.raw(`DELETE FROM ${ledger.table}`));
  for (const kind of derivedKinds) {
    await executeSql(tx, ledger.insert(kind));
  }
}

/**
 * Rebuilds every member's ledger, points and badges in one unit of work.
 * `onEarned` is told about badges earned by the rebuild (e.g. after a rule change); pass null for silence.
 */
export async function recomputeAllBadges(options: { onEarned?: OnBadgeEarned | null } = {}): Promise<RecomputeSummary> {
  return write(async (tx): Promise<RecomputeSummary> => {
    await fillDerivedLedger(tx);
    const knownKinds = contributionKinds.map((kind) => `'${kind}'`).join(",");
    const derivedList = derivedKinds.map((kind) => `'${kind}'`).join(",");
    const removed = await executeSql(
      tx,
      sql.raw(
        `DELETE FROM contributions WHERE kind NOT IN (${knownKinds}) OR (kind IN (${derivedList}) AND NOT EXISTS (
           SELECT 1 FROM derived_contributions d
           WHERE d.user_id = contributions.user_id AND d.kind = contributions.kind AND d.subject_id = contributions.subject_id))`,
      ),
    );
    const added = await executeSql(
      tx,
      sql.raw(
        `INSERT INTO contributions (user_id, kind, subject_id, points, created_at)
         SELECT user_id, kind, subject_id, ${pointsCase().replace("ELSE points", "ELSE 0")}, created_at FROM derived_contributions WHERE true
         ON CONFLICT (user_id, kind, subject_id) DO NOTHING`,
      ),
    );
    const revalued = await executeSql(tx, sql.raw(`UPDATE contributions SET points = ${pointsCase()} WHERE points != ${pointsCase()}`));
    await executeSql(tx, sql.raw("DELETE FROM derived_contributions"));
    const pointsChanged = await executeSql(
      tx,
      sql.raw(
        `UPDATE users SET points = COALESCE((SELECT SUM(points) FROM contributions c WHERE c.user_id = users.id), 0)
         WHERE points != COALESCE((SELECT SUM(points) FROM contributions c WHERE c.user_id = users.id), 0)`,
      ),
    );
    const userIds = (await queryRows<{ id: string }>(tx, sql.raw("SELECT id FROM users ORDER BY joined_at, id"))).map((row) => row.id);
    let badgesEarned = 0;
    for (const userId of userIds) {
      badgesEarned += (await evaluateBadges(tx, userId, badgeTypesList, options.onEarned ?? null)).length;
    }
    return {
      members: userIds.length,
      contributionsAdded: added,
      contributionsRemoved: removed,
      contributionsRevalued: revalued,
      pointsChanged,
      badgesEarned,
    };
  });
}
