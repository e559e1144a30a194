/**
 * Private feeds (docs/discussions.md, "Private feeds"; docs/decisions/0069-private-feed-tokens.md):
 * each member has a secret feed token in `users.feed_token`; /feeds/<token>/discussions.xml and
 * /feeds/<token>/categories/<id>.xml are Atom feeds of the latest discussions, as that member sees
 * them. An unknown, rotated or suspended member's token finds nothing (the routes answer 404).
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { Feed } from "feed";
import { blockedIdsOf } from "~/features/blocks/index.server";
import { isSuspendedAt } from "~/features/moderation/index.server";
import { listCategories, listPosts } from "~/features/discussions/index.server";
import { readDb, schema, write, type AppDatabase, type WriteOptions } from "~/utils/db.server";
import { escapeHtml } from "~/utils/html";
import { perDatabase } from "~/utils/statement-cache.server";
import { notFound } from "~/utils/errors.server";
import { routes } from "~/utils/routes";
import { literalLimit } from "~/utils/sql-dialect.server";

export const FEED_ITEMS = 30;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Read on every discussions page (its feed link): prepared once per database. */
const feedTokenQuery = perDatabase((db: AppDatabase) =>
  db
    .select({ feedToken: schema.users.feedToken })
    .from(schema.users)
    .where(eq(schema.users.id, sql.placeholder("userId")))
    .prepare(),
);

/**
 * The member's feed token, made on first use (a write: `writeOptions` bound its wait on a page that
 * can do without it, docs/decisions/0101-pages-never-fail-on-bookkeeping-writes.md). Two first uses
 * at once agree on one token: the second finds the first's.
 */
export async function feedTokenOf(userId: string, writeOptions?: WriteOptions): Promise<string> {
  const [row] = await feedTokenQuery(readDb()).execute({ userId });
  if (!row) throw notFound("Member not found");
  if (row.feedToken) return row.feedToken;
  const { users } = schema;
  return write(async (tx) => {
    const token = newToken();
    const [made] = await tx.update(users).set({ feedToken: token }).where(and(eq(users.id, userId), isNull(users.feedToken))).returning({ id: users.id });
    if (made) return token;
    const [current] = await tx.select({ feedToken: users.feedToken }).from(users).where(eq(users.id, userId)).limit(literalLimit(1));
    if (!current?.feedToken) throw notFound("Member not found");
    return current.feedToken;
  }, writeOptions);
}

/** Replaces the member's feed token: every URL with the old one answers 404 from now on. */
export async function rotateFeedToken(userId: string): Promise<string> {
  const token = newToken();
  const updated = await write((tx) => tx.update(schema.users).set({ feedToken: token }).where(eq(schema.users.id, userId)).returning({ id: schema.users.id }));
  if (updated.length === 0) throw notFound("Member not found");
  return token;
}

/** The member a feed token belongs to (not suspended), or null. The final check is constant-time. */
export async function findFeedOwner(token: string): Promise<{ id: string } | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const { users } = schema;
  const [row] = await readDb()
    .select({ id: users.id, feedToken: users.feedToken, suspendedUntil: users.suspendedUntil })
    .from(users)
    .where(eq(users.feedToken, token))
    .limit(literalLimit(1));
  if (!row?.feedToken || !timingSafeEqual(Buffer.from(row.feedToken), Buffer.from(token))) return null;
  if (isSuspendedAt(row.suspendedUntil)) return null;
  return { id: row.id };
}

export type FeedUrls = { discussions: string; categories: { id: number; name: string; url: string }[] };

/**
 * The member's absolute feed URLs (GET /api/account/feeds, the Feeds section of /profile, the
 * discussions list). Makes the token on first use: `writeOptions` as for `feedTokenOf`.
 */
export async function feedUrlsOf(userId: string, origin: string, writeOptions?: WriteOptions): Promise<FeedUrls> {
  const token = await feedTokenOf(userId, writeOptions);
  return {
    discussions: `${origin}${routes.discussionsFeed(token)}`,
    categories: (await listCategories()).map((category) => ({ id: category.id, name: category.name, url: `${origin}${routes.categoryFeed(token, category.id)}` })),
  };
}

/** The Atom XML of the latest discussions (of one category when `categoryId`) for the token's owner; null: 404. */
export async function buildDiscussionsFeed({ token, origin, categoryId }: { token: string; origin: string; categoryId?: number }): Promise<string | null> {
  const owner = await findFeedOwner(token);
  if (!owner) return null;
  const category = categoryId === undefined ? undefined : (await listCategories()).find((candidate) => candidate.id === categoryId);
  if (categoryId !== undefined && !category) return null;
  const blockedIds = await blockedIdsOf(owner.id);
  const { posts } = await listPosts({ viewerId: owner.id, categoryId, limit: FEED_ITEMS });
  const items = posts.filter((post) => !blockedIds.has(post.authorId)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const self = `${origin}${category ? routes.categoryFeed(token, category.id) : routes.discussionsFeed(token)}`;
  const page = `${origin}${category ? `${routes.discussions}?category=${category.id}` : routes.discussions}`;
  const feed = new Feed({
    id: page,
    title: category ? `Quads discussions: ${category.name}` : "Quads discussions",
    description: category ? category.description || `The latest discussions in ${category.name}.` : "The latest discussions of the Quads community.",
    link: page,
    updated: items[0]?.updatedAt ?? new Date(0),
    generator: "Quads",
    copyright: "Quads community members",
    feedLinks: { atom: self },
  });
  for (const post of items) {
    const link = `${origin}${routes.post(post.id)}`;
    // The `feed` package writes an entry's title and summary as `type="html"`: a member's text is
    // escaped into that HTML so a reader shows it as typed (`<b>` as written, never as markup).
    feed.addItem({
      id: link,
      title: escapeHtml(post.title),
      link,
      description: escapeHtml(post.excerpt),
      author: [{ name: post.author.displayName, link: `${origin}${routes.memberByUsername(post.author.username)}` }],
      date: post.updatedAt,
      published: post.createdAt,
      category: post.category ? [{ name: post.category.name, term: post.category.name }] : undefined,
    });
  }
  return feed.atom1();
}

export const feedHeaders = {
  "Content-Type": "application/atom+xml; charset=utf-8",
  // A private URL: never kept by shared caches, and no search engine should list it.
  "Cache-Control": "private, max-age=300",
  "X-Robots-Tag": "noindex",
};
