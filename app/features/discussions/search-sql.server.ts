/**
 * The discussions feature's SQL of one engine only, in one place (the table "The named places of
 * dialect-specific SQL" in docs/decisions/0104-one-schema-two-dialects.md): the posts search (FTS5's
 * trigram `posts_fts` and `MATCH` on SQLite), the related discussions' term look-ups, the short
 * search's `LIKE`, and the pinned list's `INDEXED BY`. Each function takes the handle (`readDb()` or
 * a unit's `tx`) and runs through `queryRows` (app/utils/sql-dialect.server.ts), or returns a
 * fragment for a Drizzle query that is prepared once per database; the PostgreSQL twin of each
 * is its `dialectOf(db) === "postgres"` branch: "contains" through `ILIKE` on the trigram index
 * `posts_trigram_idx` (the related discussions' candidates too), the related discussions' word counts
 * through `posts_search_document(…) @@ to_tsquery('simple', 'word:*')` on `posts_search_idx` (db/migrations-pg/0001). Raw SQL: FTS5's
 * MATCH and ILIKE have no builder form (decision 0077).
 */
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { schema, type AppDatabase } from "~/utils/db.server";
import { dialectOf, inJsonIds, queryRows } from "~/utils/sql-dialect.server";
import { perDatabase } from "~/utils/statement-cache.server";

/** Quotes a member's search as one FTS5 string, so operators and quotes in it are plain text. */
export function toFtsPhrase(search: string): string {
  return `"${search.replace(/"/g, '""')}"`;
}

/** `%search%` for LIKE, its wildcards and the escape character taken literally (`ESCAPE '\'`). */
export function toContainsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The value a "contains this text" search binds (`matchesSearch`, `newestMatchIds`, `postMatches`):
 * on SQLite the search as one FTS5 phrase of the trigram index (3+ characters); on PostgreSQL an
 * ILIKE pattern, which the trigram index answers.
 */
export function searchTermOf(db: AppDatabase, search: string): string {
  return dialectOf(db) === "postgres" ? toContainsPattern(search) : toFtsPhrase(search);
}

/** PostgreSQL: the title or the content contains an ILIKE pattern (any case; `posts_trigram_idx`). */
function ilikeTitleOrContent(pattern: SQLWrapper | string): SQL {
  const { posts } = schema;
  return sql`(${posts.title} ILIKE ${pattern} ESCAPE '\\' OR ${posts.content} ILIKE ${pattern} ESCAPE '\\')`;
}

/** `posts.id` is a post whose title or content contains the search (`term` from `searchTermOf`, or a placeholder bound to one). */
export function matchesSearch(db: AppDatabase, term: SQLWrapper | string): SQL {
  if (dialectOf(db) === "postgres") return ilikeTitleOrContent(term);
  return sql`${schema.posts.id} IN (SELECT rowid FROM posts_fts WHERE posts_fts MATCH ${term})`;
}

/** The title or the content contains the `pattern` of `toContainsPattern`, any ASCII case (the 1–2 character search). */
export function containsPattern(db: AppDatabase, pattern: SQLWrapper | string): SQL {
  if (dialectOf(db) === "postgres") return ilikeTitleOrContent(pattern);
  const { posts } = schema;
  return sql`(${posts.title} LIKE ${pattern} ESCAPE '\\' OR ${posts.content} LIKE ${pattern} ESCAPE '\\')`;
}

/**
 * The newest `limit` post ids whose text contains the search (`term` from `searchTermOf`), newest
 * first: FTS5 streams them in rowid order (~1 ms for a term of 37,000 matches).
 */
export async function newestMatchIds(db: AppDatabase, term: string, limit: number): Promise<number[]> {
  if (dialectOf(db) === "postgres") {
    const matches = await queryRows<{ id: number }>(db, sql`SELECT ${schema.posts.id} AS "id" FROM ${schema.posts} WHERE ${ilikeTitleOrContent(term)} ORDER BY ${schema.posts.id} DESC LIMIT ${limit}`);
    return matches.map((row) => Number(row.id));
  }
  const rows = await queryRows<{ id: number }>(db, sql`SELECT rowid AS "id" FROM posts_fts WHERE posts_fts MATCH ${term} ORDER BY rowid DESC LIMIT ${limit}`);
  return rows.map((row) => row.id);
}

/**
 * Whether one post's text contains the search. The rowid goes in as a literal (an integer from the
 * database): FTS5 ignored a bound `rowid = ?` (better-sqlite3 binds numbers as REAL) and walked
 * every match, ~60 ms for a common term; with the literal it is a ~0.3 ms look-up.
 */
export async function postMatches(db: AppDatabase, postId: number, term: string): Promise<boolean> {
  if (!Number.isSafeInteger(postId)) return false;
  if (dialectOf(db) === "postgres") {
    return (await queryRows(db, sql`SELECT 1 AS "one" FROM ${schema.posts} WHERE ${schema.posts.id} = ${postId} AND ${ilikeTitleOrContent(term)}`)).length > 0;
  }
  const rows = await queryRows(db, sql`SELECT 1 AS "one" FROM posts_fts WHERE posts_fts MATCH ${term} AND rowid = ${sql.raw(String(postId))}`);
  return rows.length > 0;
}

/**
 * Which of `postIds` (a few: the pinned posts) contain the search, in their order: one statement on
 * PostgreSQL; on SQLite one look-up each (`postMatches`, ~0.3 ms each, no round trip).
 */
export async function postsMatching(db: AppDatabase, postIds: readonly number[], term: string): Promise<number[]> {
  if (postIds.length === 0) return [];
  if (dialectOf(db) === "postgres") {
    const rows = await queryRows<{ id: number }>(db, sql`SELECT ${schema.posts.id} AS "id" FROM ${schema.posts} WHERE ${inJsonIds(db, schema.posts.id, JSON.stringify(postIds))} AND ${ilikeTitleOrContent(term)}`);
    const matching = new Set(rows.map((row) => Number(row.id)));
    return postIds.filter((id) => matching.has(id));
  }
  const matching: number[] = [];
  for (const id of postIds) if (await postMatches(db, id, term)) matching.push(id);
  return matching;
}

/**
 * `posts` read through its pinned index (`INDEXED BY posts_pinned_created_idx`: pinned posts are
 * few, walk them rather than a category's whole index). Drizzle does not see the table in it, so a
 * query from it selects its columns through `sql` (WHERE and ORDER BY may name them as usual).
 */
export function postsByPinnedIndex(db: AppDatabase): SQL {
  // PostgreSQL's planner picks the index itself (no hint syntax).
  if (dialectOf(db) === "postgres") return sql`${schema.posts}`;
  return sql`${schema.posts} INDEXED BY posts_pinned_created_idx`;
}

/** The related discussions' query of some words: any of them (each one a phrase of the index). */
function anyTermQuery(terms: readonly string[]): string {
  return terms.map(toFtsPhrase).join(" OR ");
}

/**
 * The newest `limit` post ids containing any of the words (the related discussions' candidates):
 * each word as a substring of the title or the content, any case, as FTS5's trigram index matches
 * it on SQLite. On PostgreSQL through ILIKE (`posts_trigram_idx`), where the planner picks well by
 * itself: a rare word's few matches from the trigram index, common words by walking the newest
 * posts until `limit` of them match (3 ms on 100,000 posts, where the word index `posts_search_idx`
 * took 20–80 ms: it cannot give matches newest first, so it fetched every one of a common word's
 * tens of thousands, or computed each walked post's words again; docs/scaling.md).
 */
export async function newestIdsWithAnyTerm(db: AppDatabase, terms: readonly string[], limit: number): Promise<number[]> {
  if (terms.length === 0) return [];
  if (dialectOf(db) === "postgres") {
    const { posts } = schema;
    const anyTerm = sql.join(terms.map((term) => ilikeTitleOrContent(toContainsPattern(term))), sql` OR `);
    const rows = await queryRows<{ id: number }>(db, sql`SELECT ${posts.id} AS "id" FROM ${posts} WHERE ${anyTerm} ORDER BY ${posts.id} DESC LIMIT ${limit}`);
    return rows.map((row) => Number(row.id));
  }
  return newestMatchIds(db, anyTermQuery(terms), limit);
}

/**
 * How many posts contain the word (in the title or the content), for its IDF. On PostgreSQL a
 * common word's count is PostgreSQL's own estimate (`estimatedCommonWordPosts`): counting it
 * visited every post holding it (tens of thousands of rows for a common word, the biggest database
 * cost of the mix: docs/scaling.md); a rarer word is counted exactly (a few hundred rows at most).
 */
export async function countPostsWithTerm(db: AppDatabase, term: string): Promise<number> {
  if (dialectOf(db) === "postgres") {
    const estimated = await estimatedCommonWordPosts(db, term);
    if (estimated !== undefined) return estimated;
    const [counted] = await queryRows<{ count: number | string }>(db, sql`SELECT count(*) AS "count" FROM ${schema.posts} WHERE ${searchDocument()} @@ to_tsquery('simple', ${toPrefixLexeme(term)})`);
    return Number(counted?.count ?? 0);
  }
  const [row] = await queryRows<{ count: number }>(db, sql`SELECT count(*) AS "count" FROM posts_fts WHERE posts_fts MATCH ${toFtsPhrase(term)}`);
  return Number(row?.count ?? 0);
}

/** A word in at least this many posts (by PostgreSQL's statistics) takes the estimate rather than a count. */
export const COMMON_WORD_POSTS = 1_000;
/** How long a process keeps PostgreSQL's word statistics before reading them again (ANALYZE, by autovacuum or db:copy, renews them). */
const WORD_STATISTICS_KEPT_MS = 10 * 60_000;

type WordStatistics = { words: string[]; shares: number[]; posts: number; readAt: number };

const keptWordStatistics = perDatabase((_db: AppDatabase): { current?: WordStatistics } => ({}));

/**
 * PostgreSQL: the most common words of `posts_search_idx` (up to 1,000: the statistics target
 * × 10) with the share of posts holding each, and the posts' row estimate: what ANALYZE keeps in
 * `pg_stats` for the index's expression, and the planner itself uses. One read per process every
 * WORD_STATISTICS_KEPT_MS. None before the first ANALYZE: then every word is counted.
 */
async function wordStatistics(db: AppDatabase): Promise<WordStatistics> {
  const kept = keptWordStatistics(db);
  if (kept.current && Date.now() - kept.current.readAt < WORD_STATISTICS_KEPT_MS) return kept.current;
  const [row] = await queryRows<{ words: string[] | null; shares: number[] | null; posts: number | string | null }>(
    db,
    sql`SELECT s.most_common_elems::text::text[] AS "words", s.most_common_elem_freqs AS "shares", (SELECT c.reltuples FROM pg_class c WHERE c.oid = to_regclass('posts')) AS "posts" FROM pg_stats s WHERE s.schemaname = current_schema() AND s.tablename = 'posts_search_idx'`,
  );
  kept.current = { words: row?.words ?? [], shares: (row?.shares ?? []).map(Number), posts: Math.max(0, Number(row?.posts ?? 0)), readAt: Date.now() };
  return kept.current;
}

/**
 * PostgreSQL: the posts holding a word that begins with `term` (its prefix query's words), from
 * the statistics when those say it is common (COMMON_WORD_POSTS or more), else undefined (count
 * it). The shares of the common words it begins are added (a post holding two of them counts
 * twice: an estimate for an IDF, where a common word's weight is small anyway).
 */
export async function estimatedCommonWordPosts(db: AppDatabase, term: string): Promise<number | undefined> {
  const { words, shares, posts } = await wordStatistics(db);
  const prefix = term.toLowerCase();
  let share = 0;
  words.forEach((word, index) => {
    if (word.startsWith(prefix)) share += shares[index] ?? 0;
  });
  const estimated = Math.round(Math.min(1, share) * posts);
  return estimated >= COMMON_WORD_POSTS ? estimated : undefined;
}

/** PostgreSQL: a post's words, the expression `posts_search_idx` indexes (db/migrations-pg/0001). */
function searchDocument(): SQL {
  return sql`posts_search_document(${schema.posts.title}, ${schema.posts.content})`;
}

/** PostgreSQL: a word as a quoted tsquery lexeme matching every word it begins (`'guitar':*`). */
export function toPrefixLexeme(term: string): string {
  return `'${term.replace(/\\/g, "\\\\").replace(/'/g, "''")}':*`;
}
