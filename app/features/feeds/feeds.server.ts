/**
 * Private feeds (docs/discussions.md, "Private feeds"; docs/decisions/0069-private-feed-tokens.md):
 * each member has a secret feed token in `users.feed_token`; /feeds/<token>/discussions.xml and
 * /feeds/<token>/categories/<id>.xml are Atom feeds of the latest discussions, as that member sees
 * them. An unknown, rotated or suspended member's token finds nothing (the routes answer 404).
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { Feed } from "feed";
import { blockedIdsOf } from "~/features/blocks/index.server";
import { isSuspendedAt } from "~/features/moderation/index.server";
import { listCategories, listPosts } from "~/features/discussions/index.server";
import { getDb, schema, type AppDatabase } from "~/utils/db.server";
import { escapeHtml } from "~/utils/html";
import { perDatabase } from "~/utils/statement-cache.server";
import { notFound } from "~/utils/errors.server";
import { routes } from "~/utils/routes";

export const FEED_ITEMS = 30;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The member's feed token, made on first use. */
/** Read on every discussions page (its feed link): prepared once per database. */
const feedTokenQuery = perDatabase((db: AppDatabase) =>
  db
    .select({ feedToken: schema.users.feedToken })
    .from(schema.users)
    .where(eq(schema.users.id, sql.placeholder("userId")))
    .prepare(),
);

export function feedTokenOf(userId: string): string {
  const row = feedTokenQuery(getDb()).get({ userId });
  if (!row) throw notFound("Member not found");
  if (row.feedToken) return row.feedToken;
  return rotateFeedToken(userId);
}

/** Replaces the member's feed token: every URL with the old one answers 404 from now on. */
export function rotateFeedToken(userId: string): string {
  const token = newToken();
  const updated = getDb().update(schema.users).set({ feedToken: token }).where(eq(schema.users.id, userId)).returning({ id: schema.users.id }).get();
  if (!updated) throw notFound("Member not found");
  return token;
}

/** The member a feed token belongs to (not suspended), or null. The final check is constant-time. */
export function findFeedOwner(token: string): { id: string } | null {
  if (!TOKEN_SHAPE.test(token)) return null;
  const { users } = schema;
  const row = getDb()
    .select({ id: users.id, feedToken: users.feedToken, suspendedUntil: users.suspendedUntil })
    .from(users)
    .where(eq(users.feedToken, token))
    .get();
  if (!row?.feedToken || !timingSafeEqual(Buffer.from(row.feedToken), Buffer.from(token))) return null;
  if (isSuspendedAt(row.suspendedUntil)) return null;
  return { id: row.id };
}

export type FeedUrls = { discussions: string; categories: { id: number; name: string; url: string }[] };

/** The member's absolute feed URLs (GET /api/account/feeds, the Feeds section of /profile). */
export function feedUrlsOf(userId: string, origin: string): FeedUrls {
  const token = feedTokenOf(userId);
  return {
    discussions: `${origin}${routes.discussionsFeed(token)}`,
    categories: listCategories().map((category) => ({ id: category.id, name: category.name, url: `${origin}${routes.categoryFeed(token, category.id)}` })),
  };
}

/** The Atom XML of the latest discussions (of one category when `categoryId`) for the token's owner; null: 404. */
export function buildDiscussionsFeed({ token, origin, categoryId }: { token: string; origin: string; categoryId?: number }): string | null {
  const owner = findFeedOwner(token);
  if (!owner) return null;
  const category = categoryId === undefined ? undefined : listCategories().find((candidate) => candidate.id === categoryId);
  if (categoryId !== undefined && !category) return null;
  const blockedIds = blockedIdsOf(owner.id);
  const { posts } = listPosts({ viewerId: owner.id, categoryId, limit: FEED_ITEMS });
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
