/**
 * Related and similar discussions (docs/discussions.md, "Related discussions"): other posts ranked
 * by BM25 full-text relevance (the posts_fts index) to a post's title and content, or to a title
 * being typed.
 */
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { cachedUntilWrite, readDb, schema, type AppDatabase } from "~/utils/db.server";
import { inJsonIds } from "~/utils/sql-dialect.server";
import { perDatabase } from "~/utils/statement-cache.server";
import { countPostsWithTerm, newestIdsWithAnyTerm } from "./search-sql.server";
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

/** The words a text is about: its distinct meaningful words, title words first (a post matching any of them is a candidate). */
export function relatedTermsOf(title: string, content = ""): string[] {
  const terms = new Set(wordsOf(title).slice(0, TITLE_TERMS));
  const counts = new Map<string, number>();
  for (const word of wordsOf(toPlainText(content))) if (word.length >= 4 && !terms.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  for (const [word] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, CONTENT_TERMS)) terms.add(word);
  return [...terms];
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
const currentPostsTextVersion = cachedUntilWrite(async () => (await postsTextVersionStatement(readDb()).execute())[0]?.version ?? 0);

/** Kept while the posts' text is unchanged, per database; at most this many lists and word counts. */
const RELATED_LISTS_KEPT = 1_000;
const WORD_COUNTS_KEPT = 20_000;

type KeptRanking = { version: number; relatedIds: Map<string, number[]>; frequencies: Map<string, number> };

/** This database's kept lists and word counts, emptied when the posts' text version moved. */
const keptRanking = perDatabase((_db: AppDatabase): KeptRanking => ({ version: -1, relatedIds: new Map(), frequencies: new Map() }));

async function currentRanking(db: AppDatabase): Promise<KeptRanking> {
  const kept = keptRanking(db);
  const version = await currentPostsTextVersion();
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

/**
 * The ranking's and the ranked posts' queries, made once per database. A JSON list of ids keeps one
 * prepared query for any count (`inJsonIds`, docs/decisions/0077-data-access-style.md).
 */
const relatedQueries = perDatabase((db: AppDatabase) => {
  const { posts } = schema;
  return {
    postsByIds: selectPosts(db, sql.placeholder("viewerId"))
      .where(and(inJsonIds(db, posts.id, sql.placeholder("ids")), isNull(posts.hiddenAt)))
      .prepare(),
    texts: db
      .select({ id: posts.id, title: sql<string>`lower(${posts.title})`, content: sql<string>`lower(substr(${posts.content}, 1, ${sql.raw(String(CONTENT_CHARS))}))` })
      .from(posts)
      .where(inJsonIds(db, posts.id, sql.placeholder("ids")))
      .prepare(),
    total: db.select({ total: count() }).from(posts).prepare(),
  };
});

/** `termsOf` runs only when the ids are not kept already (it reads the post's Markdown as plain text). */
async function rankedPosts(termsOf: () => string[], { excludeId, viewerId, cacheKey }: { excludeId?: number; viewerId: string; cacheKey?: string }): Promise<PostView[]> {
  const db = readDb();
  const kept = await currentRanking(db);
  let ids = cacheKey ? kept.relatedIds.get(cacheKey) : undefined;
  if (!ids) {
    const terms = termsOf();
    ids = terms.length > 0 ? await rankIds(db, terms, excludeId, kept) : [];
    if (cacheKey) keep(kept.relatedIds, cacheKey, ids, RELATED_LISTS_KEPT);
  }
  if (ids.length === 0) return [];
  const rows: PostRow[] = await relatedQueries(db).postsByIds.execute({ viewerId, ids: JSON.stringify(ids) });
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
 * before). The index look-ups of one engine are in search-sql.server.ts (decision 0104).
 */
/** How much of a candidate's content is searched for the terms (its start says what it is about). */
const CONTENT_CHARS = 1_000;
const K1 = 1.2;
const TITLE_WEIGHT = 3;

/** How many posts contain the word, and how many posts there are, kept while the posts' text is unchanged. */
async function documentFrequency(kept: KeptRanking, key: string, read: () => Promise<number>): Promise<number> {
  let documents = kept.frequencies.get(key);
  if (documents === undefined) {
    documents = await read();
    keep(kept.frequencies, key, documents, WORD_COUNTS_KEPT);
  }
  return documents;
}

async function rankIds(db: AppDatabase, words: string[], excludeId: number | undefined, kept: KeptRanking): Promise<number[]> {
  const queries = relatedQueries(db);
  const total = await documentFrequency(kept, "\u0000posts", async () => (await queries.total.execute())[0].total);
  const terms: { term: string; documents: number }[] = [];
  for (const term of words) terms.push({ term, documents: await documentFrequency(kept, term, () => countPostsWithTerm(db, term)) });
  terms.sort((a, b) => a.documents - b.documents);
  // The candidates: posts matching the rarest terms, as many terms as keep the matches within the
  // budget (at least one). Common terms still count in the score, they just do not pick candidates.
  const picking: string[] = [];
  let expected = 0;
  for (const { term, documents } of terms) {
    if (picking.length > 0 && expected + documents > RELATED_CANDIDATES) break;
    picking.push(term);
    expected += documents;
  }
  const candidates = (await newestIdsWithAnyTerm(db, picking, RELATED_CANDIDATES + 1)).filter((id) => id !== excludeId);
  if (candidates.length === 0) return [];
  const texts = await queries.texts.execute({ ids: JSON.stringify(candidates) });
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
export function listRelatedPosts({ post, viewerId }: { post: Pick<PostView, "id" | "title" | "content">; viewerId: string }): Promise<PostView[]> {
  // An edit of the post moves the posts' text version, which empties the kept lists.
  return rankedPosts(() => relatedTermsOf(post.title, post.content), { excludeId: post.id, viewerId, cacheKey: String(post.id) });
}

/** Up to 5 posts relevant to a title being typed ('Similar discussions' on the new-discussion form). */
export function listSimilarPosts({ title, viewerId }: { title: string; viewerId: string }): Promise<PostView[]> {
  return rankedPosts(() => relatedTermsOf(title.slice(0, 200)), { viewerId });
}
