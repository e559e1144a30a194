/**
 * Related and similar discussions (docs/discussions.md, "Related discussions"): other posts ranked
 * by BM25 full-text relevance (the posts_fts index) to a post's title and content, or to a title
 * being typed.
 */
import { and, isNull, sql } from "drizzle-orm";
import { getDb, schema, type AppDatabase } from "~/utils/db.server";
import { perDatabase } from "~/utils/statement-cache.server";
import { toPlainText } from "~/features/content/markdown.server";
import { selectPosts, toPostView, type PostRow, type PostView } from "./views.server";

export const RELATED_MAX = 5;
/**
 * The newest matches ranked. A common word matches tens of thousands of posts; ranking only the
 * newest ones (FTS5 streams them by rowid) keeps a look-up to a few milliseconds on 100,000 posts.
 */
export const RELATED_CANDIDATES = 2_000;
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

// Ranking costs up to ~50 ms on 100,000 posts when every term is common (docs/discussions.md);
// the ids of a post's related list are kept for a few minutes per post version.
const RELATED_TTL_MS = 5 * 60_000;
const relatedIdsCache = new Map<string, { ids: number[]; expires: number }>();

/** The ranked posts' rows, by a JSON list of ids (json_each keeps it one prepared query for any count; docs/decisions/0077-data-access-style.md). */
const postsByIds = perDatabase((db: AppDatabase) => {
  const { posts } = schema;
  return selectPosts(db, sql.placeholder("viewerId"))
    .where(and(sql`${posts.id} IN (SELECT value FROM json_each(${sql.placeholder("ids")}))`, isNull(posts.hiddenAt)))
    .prepare();
});

function rankedPosts(query: string | null, { excludeId, viewerId, cacheKey }: { excludeId?: number; viewerId: string; cacheKey?: string }): PostView[] {
  if (!query) return [];
  const cached = cacheKey ? relatedIdsCache.get(cacheKey) : undefined;
  const ids = cached && cached.expires > Date.now() ? cached.ids : rankIds(query, excludeId);
  if (cacheKey && cached?.ids !== ids) {
    relatedIdsCache.set(cacheKey, { ids, expires: Date.now() + RELATED_TTL_MS });
    if (relatedIdsCache.size > 1_000) relatedIdsCache.delete(relatedIdsCache.keys().next().value as string);
  }
  if (ids.length === 0) return [];
  const rows: PostRow[] = postsByIds(getDb()).all({ viewerId, ids: JSON.stringify(ids) });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => (byId.has(id) ? [toPostView(byId.get(id)!)] : []));
}


function rankIds(query: string, excludeId: number | undefined): number[] {
  const sqlite = getDb().$client;
  // Raw SQL: FTS5's MATCH and bm25 have no builder form (docs/decisions/0077-data-access-style.md).
  // bm25 weights: a title match counts three times a content match.
  return sqlite
    .prepare(
      `SELECT id FROM (
         SELECT rowid AS id, bm25(posts_fts, 3.0, 1.0) AS score FROM posts_fts WHERE posts_fts MATCH ? ORDER BY rowid DESC LIMIT ?
       ) WHERE id != ? ORDER BY score, id DESC LIMIT ?`,
    )
    .pluck()
    .all(query, RELATED_CANDIDATES, excludeId ?? -1, RELATED_MAX) as number[];
}

/** Up to 5 other posts most relevant to the post's title and content (GET /api/posts/{id}/related, the post page). */
export function listRelatedPosts({ post, viewerId }: { post: Pick<PostView, "id" | "title" | "content" | "updatedAt">; viewerId: string }): PostView[] {
  const cacheKey = `${post.id}:${new Date(post.updatedAt).getTime()}`;
  return rankedPosts(relatedQueryOf(post.title, post.content), { excludeId: post.id, viewerId, cacheKey });
}

/** Up to 5 posts relevant to a title being typed ('Similar discussions' on the new-discussion form). */
export function listSimilarPosts({ title, viewerId }: { title: string; viewerId: string }): PostView[] {
  return rankedPosts(relatedQueryOf(title.slice(0, 200)), { viewerId });
}
