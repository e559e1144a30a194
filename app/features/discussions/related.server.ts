/**
 * Related and similar discussions (docs/discussions.md, "Related discussions"): other posts ranked
 * by BM25 full-text relevance (the posts_fts index) to a post's title and content, or to a title
 * being typed.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { cachedUntilWrite, getDb, schema, type AppDatabase } from "~/utils/db.server";
import { perDatabase } from "~/utils/statement-cache.server";
import { toPlainText } from "~/features/content/index.server";
import { selectPosts, toPostView, type PostRow, type PostView } from "./views.server";

export const RELATED_MAX = 5;
/**
 * How many posts are ranked. The candidates are the posts matching the query's rarest terms (the
 * ones that say what a post is about), newest first; a common word matches tens of thousands of
 * posts, and ranking only this many keeps a look-up to a few milliseconds on 100,000 posts.
 */
export const RELATED_CANDIDATES = 500;
const TITLE_TERMS = 8;
const CONTENT_TERMS = 6;

const STOPWORDS = new Set(
  (
    "the and for are but not you your with this that have from they will what when where which who how why can could would should " +
    "about there their them then than into just like some more most also been being does did was were has had its it's out our any " +
    "all one get got use using used make made want need know help please thanks thank anyone someone something here very much"
  ).split(" "),
);

function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'_-]*/gu) ?? []).map((word) => word.replace(/['_-]+$/, "")).filter((word) => word.length >= 3 && !STOPWORDS.has(word));
}

/** The FTS5 query for a text: its distinct meaningful words OR-ed, title words first; null when none. */
export function relatedQueryOf(title: string, content = ""): string | null {
  const terms = new Set(wordsOf(title).slice(0, TITLE_TERMS));
  const counts = new Map<string, number>();
  for (const word of wordsOf(toPlainText(content))) if (word.length >= 4 && !terms.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  for (const [word] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, CONTENT_TERMS)) terms.add(word);
  if (terms.size === 0) return null;
  return [...terms].map((term) => `"${term.replace(/"/g, '""')}"`).join(" OR ");
}

/**
 * What this process keeps about posts' words (the related lists' ids, each word's document count)
 * is valid while the posts' text version has not moved: a counter the triggers of migration 0014
 * bump in every transaction that writes, deletes or edits a post, in whichever process or box
 * (decision 0087). Read once per database write version (`cachedUntilWrite`), so an unchanged
 * database costs nothing and any other write costs one primary-key read.
 */
const postsTextVersionStatement = perDatabase((db: AppDatabase) =>
  db.select({ version: schema.postsTextVersion.version }).from(schema.postsTextVersion).where(eq(schema.postsTextVersion.id, 1)).prepare(),
);
const currentPostsTextVersion = cachedUntilWrite(() => postsTextVersionStatement(getDb()).get()?.version ?? 0);

/** Kept while the posts' text is unchanged, per database; at most this many lists and word counts. */
const RELATED_LISTS_KEPT = 1_000;
const WORD_COUNTS_KEPT = 20_000;

type KeptRanking = { version: number; relatedIds: Map<string, number[]>; frequencies: Map<string, number> };

/** This database's kept lists and word counts, emptied when the posts' text version moved. */
const keptRanking = perDatabase((_db: AppDatabase): KeptRanking => ({ version: -1, relatedIds: new Map(), frequencies: new Map() }));

function currentRanking(): KeptRanking {
  const kept = keptRanking(getDb());
  const version = currentPostsTextVersion();
  if (kept.version !== version) {
    kept.version = version;
    kept.relatedIds.clear();
    kept.frequencies.clear();
  }
  return kept;
}

/** Adds to a kept map, forgetting the oldest entry beyond `limit`. */
function keep<T>(map: Map<string, T>, key: string, value: T, limit: number): void {
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value as string);
}

/** The ranked posts' rows, by a JSON list of ids (json_each keeps it one prepared query for any count; docs/decisions/0077-data-access-style.md). */
const postsByIds = perDatabase((db: AppDatabase) => {
  const { posts } = schema;
  return selectPosts(db, sql.placeholder("viewerId"))
    .where(and(sql`${posts.id} IN (SELECT value FROM json_each(${sql.placeholder("ids")}))`, isNull(posts.hiddenAt)))
    .prepare();
});

/** `queryOf` runs only when the ids are not kept already (it reads the post's Markdown as plain text). */
function rankedPosts(queryOf: () => string | null, { excludeId, viewerId, cacheKey }: { excludeId?: number; viewerId: string; cacheKey?: string }): PostView[] {
  const kept = currentRanking();
  let ids = cacheKey ? kept.relatedIds.get(cacheKey) : undefined;
  if (!ids) {
    const query = queryOf();
    ids = query ? rankIds(query, excludeId, kept) : [];
    if (cacheKey) keep(kept.relatedIds, cacheKey, ids, RELATED_LISTS_KEPT);
  }
  if (ids.length === 0) return [];
  const rows: PostRow[] = postsByIds(getDb()).all({ viewerId, ids: JSON.stringify(ids) });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => (byId.has(id) ? [toPostView(byId.get(id)!)] : []));
}


/**
 * Ranking without `bm25()` (docs/performance.md, "On a quiet box"): FTS5's bm25 counts, on every
 * query, every post containing each term (a scan of the term's whole posting list: ≈7 ms per common
 * term on 100,000 posts, 56 % of a realistic mix's CPU). Here the same BM25 idea is computed from
 * parts that stay cheap: each term's document frequency is read once and kept per database until a
 * post's text changes (currentRanking), the candidates are the newest posts matching the rarest terms (a post
 * is about its rare words; a common word matched tens of thousands of candidates), and where each
 * term occurs in a candidate is checked on its title and the start of its content (the trigram
 * index matches case-insensitive substrings, and so does this check). A candidate's score sums,
 * per term, the term's IDF times a saturated weight of where it matched (title ×3, content ×1, as
 * before). Raw SQL: FTS5's MATCH and json_each have no builder form (decision 0077).
 */
/** How much of a candidate's content is searched for the terms (its start says what it is about). */
const CONTENT_CHARS = 1_000;
const K1 = 1.2;
const TITLE_WEIGHT = 3;

type RankStatements = {
  candidates: { all: (query: string, limit: number) => number[] };
  texts: { all: (ids: string) => { id: number; title: string; content: string }[] };
  documents: { get: (query: string) => number };
  total: { get: () => number };
};

const rankStatements = perDatabase((db: AppDatabase): RankStatements => {
  const sqlite = db.$client;
  const candidates = sqlite.prepare("SELECT rowid FROM posts_fts WHERE posts_fts MATCH ? ORDER BY rowid DESC LIMIT ?").pluck();
  const texts = sqlite.prepare(`SELECT id, lower(title) AS title, lower(substr(content, 1, ${CONTENT_CHARS})) AS content FROM posts WHERE id IN (SELECT value FROM json_each(?))`);
  const documents = sqlite.prepare("SELECT count(*) FROM posts_fts WHERE posts_fts MATCH ?").pluck();
  const total = sqlite.prepare("SELECT count(*) FROM posts").pluck();
  return {
    candidates: { all: (query, limit) => candidates.all(query, limit) as number[] },
    texts: { all: (ids) => texts.all(ids) as { id: number; title: string; content: string }[] },
    documents: { get: (query) => documents.get(query) as number },
    total: { get: () => total.get() as number },
  };
});

/** How many posts contain the phrase (`"term"`), and how many posts there are, kept while the posts' text is unchanged. */
function documentFrequency(kept: KeptRanking, key: string, read: () => number): number {
  let documents = kept.frequencies.get(key);
  if (documents === undefined) {
    documents = read();
    keep(kept.frequencies, key, documents, WORD_COUNTS_KEPT);
  }
  return documents;
}

function rankIds(query: string, excludeId: number | undefined, kept: KeptRanking): number[] {
  const statements = rankStatements(getDb());
  const total = documentFrequency(kept, "\u0000posts", () => statements.total.get());
  const terms = query
    .split(" OR ")
    .map((phrase) => ({ phrase, term: phrase.slice(1, -1).replace(/""/g, '"').toLowerCase(), documents: documentFrequency(kept, phrase, () => statements.documents.get(phrase)) }))
    .sort((a, b) => a.documents - b.documents);
  // The candidates: posts matching the rarest terms, as many terms as keep the matches within the
  // budget (at least one). Common terms still count in the score, they just do not pick candidates.
  const picking: string[] = [];
  let expected = 0;
  for (const { phrase, documents } of terms) {
    if (picking.length > 0 && expected + documents > RELATED_CANDIDATES) break;
    picking.push(phrase);
    expected += documents;
  }
  const candidates = statements.candidates.all(picking.join(" OR "), RELATED_CANDIDATES + 1).filter((id) => id !== excludeId);
  if (candidates.length === 0) return [];
  const texts = statements.texts.all(JSON.stringify(candidates));
  const scores = new Map<number, number>(candidates.map((id) => [id, 0]));
  for (const { term, documents } of terms) {
    // BM25's IDF, floored as FTS5 floors it (a term in most posts still counts a little).
    const idf = Math.max(Math.log((total - documents + 0.5) / (documents + 0.5)), 1e-6);
    for (const text of texts) {
      const frequency = (text.title.includes(term) ? TITLE_WEIGHT : 0) + (text.content.includes(term) ? 1 : 0);
      if (frequency > 0) scores.set(text.id, scores.get(text.id)! + (idf * frequency * (K1 + 1)) / (frequency + K1));
    }
  }
  return [...scores]
    .sort((a, b) => b[1] - a[1] || b[0] - a[0])
    .slice(0, RELATED_MAX)
    .map(([id]) => id);
}

/** Up to 5 other posts most relevant to the post's title and content (GET /api/posts/{id}/related, the post page). */
export function listRelatedPosts({ post, viewerId }: { post: Pick<PostView, "id" | "title" | "content">; viewerId: string }): PostView[] {
  // An edit of the post moves the posts' text version, which empties the kept lists.
  return rankedPosts(() => relatedQueryOf(post.title, post.content), { excludeId: post.id, viewerId, cacheKey: String(post.id) });
}

/** Up to 5 posts relevant to a title being typed ('Similar discussions' on the new-discussion form). */
export function listSimilarPosts({ title, viewerId }: { title: string; viewerId: string }): PostView[] {
  return rankedPosts(() => relatedQueryOf(title.slice(0, 200)), { viewerId });
}
