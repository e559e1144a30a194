/**
 * AI music artists: the showcase list, stats and genres; admin create, update and delete;
 * counted plays; members' ratings and comments; moderators hiding comments. The only code
 * touching music_artists, artist_ratings and artist_comments. On the async data layer
 * (docs/decisions/0102-async-data-layer.md).
 */
import { createHmac } from "node:crypto";
import { and, asc, count, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import { recordAudit } from "~/features/audit/index.server";
import { recordContribution, revokeContribution } from "~/features/gamification/index.server";
import { assertMayContribute } from "~/features/moderation/index.server";
import { cachedUntilWrite, readDb, schema, write, type AppDatabase } from "~/utils/db.server";
import { containsText, inJsonIds, literalLimit, queryRows } from "~/utils/sql-dialect.server";
import { perDatabase, perDatabaseShape } from "~/utils/statement-cache.server";
import { getEnv } from "~/utils/env.server";
import { notFound } from "~/utils/errors.server";
import { isHttpUrl } from "~/utils/url";
import { artistCommentSchema, artistFormSchema, type ArtistFilters, type ArtistFormValues } from "./schemas";
import type { ListenPlatform } from "./constants";
import { fieldValidationError, validationError } from "~/utils/validation.server";
import { parseRating, ratingsTable, ratingSummaryColumns, upsertRating, type RatingSummary } from "~/utils/rating.server";
import type { ActorRef } from "~/utils/actor";

type ArtistRow = typeof schema.musicArtists.$inferSelect;

export const ARTISTS_PAGE_SIZE = 24;
/** Comments shown per panel (the heading counts them all). */
export const COMMENTS_PER_PANEL = 20;

export type ArtistView = Omit<ArtistRow, "createdAt"> & { createdAt: string };

export type ArtistComment = {
  id: number;
  artistId: number;
  userId: string;
  comment: string;
  createdAt: string;
  user: { id: string; firstName: string; lastName: string; displayName: string; profileImageUrl: string | null };
};

export type ArtistRatingSummary = { averageRating: number; totalRatings: number };

/** Members' artist ratings, under the one rating rule (app/utils/rating.server.ts). */
const artistRatingsTable = ratingsTable(schema.artistRatings, "artistId");

/** The rule's summary in the artists' API names. */
function toArtistSummary({ average, count: total }: RatingSummary): ArtistRatingSummary {
  return { averageRating: average, totalRatings: total };
}

/** Everything one rating panel shows. */
export type RatingPanelData = ArtistRatingSummary & {
  myRating: number | null;
  commentsCount: number;
  comments: ArtistComment[];
};

export type ArtistCardData = ArtistView & { panel: RatingPanelData };

function toView(row: ArtistRow): ArtistView {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

const visibleComment = eq(schema.artistComments.isHidden, false);

/**
 * Which WHERE a list query has (the filters a request uses pick one of eight) and its page size,
 * written into the SQL (literalLimit).
 */
type ListShape = { hasQuery: boolean; hasGenre: boolean; featuredOnly: boolean; pageSize: number };

function filterConditions(db: AppDatabase, shape: ListShape): SQL | undefined {
  const { musicArtists } = schema;
  const conditions: SQL[] = [];
  if (shape.hasQuery) {
    const query = sql.placeholder("query");
    conditions.push(sql`(${containsText(db, musicArtists.name, query)} or ${containsText(db, sql`coalesce(${musicArtists.description}, '')`, query)})`);
  }
  if (shape.hasGenre) conditions.push(sql`lower(${musicArtists.genre}) = ${sql.placeholder("genre")}`);
  if (shape.featuredOnly) conditions.push(eq(musicArtists.featured, true));
  return conditions.length ? and(...conditions) : undefined;
}

/** One shape's count and page, prepared (the SQL is what the filters gave before, with placeholders for the values). */
function buildListQueries(db: AppDatabase, shape: ListShape) {
  const { musicArtists } = schema;
  const where = filterConditions(db, shape);
  return {
    total: db.select({ total: count() }).from(musicArtists).where(where).prepare(),
    rows: db
      .select()
      .from(musicArtists)
      .where(where)
      .orderBy(desc(musicArtists.createdAt), desc(musicArtists.id))
      .limit(literalLimit(shape.pageSize))
      .offset(sql.placeholder("offset"))
      .prepare(),
  };
}

/** One shape's count and page, per database (app/utils/statement-cache.server.ts). */
// The pages' few sizes stay prepared; the API's other sizes take turns in the rest of the list.
const listQueries = perDatabaseShape(buildListQueries, (shape: ListShape) => `${+shape.hasQuery}${+shape.hasGenre}${+shape.featuredOnly}:${shape.pageSize}`, {
  maxShapes: 32,
});

/**
 * The artists' hot-path queries, made once per database (the /music-artists page and the
 * dashboard's featured card run them on every view; docs/decisions/0077-data-access-style.md).
 * A variable list of artists is one JSON parameter (`inJsonIds`), so each is one statement for any count.
 */
const artistQueries = perDatabase((db: AppDatabase) => {
  const { musicArtists, artistRatings, artistComments } = schema;
  const param = sql.placeholder;
  const inIds = (column: typeof artistRatings.artistId | typeof artistComments.artistId | typeof artistComments.id) =>
    inJsonIds(db, column, param("ids"));
  return {
    stats: db
      .select({
        artists: count(),
        totalPlays: sql<number>`coalesce(sum(${musicArtists.playCount}), 0)`,
        genres: sql<number>`count(distinct nullif(lower(trim(${musicArtists.genre})), ''))`,
        active: sql<number>`coalesce(sum(case when ${musicArtists.playCount} > 0 then 1 else 0 end), 0)`,
      })
      .from(musicArtists)
      .prepare(),
    genres: db
      .selectDistinct({ genre: musicArtists.genre })
      .from(musicArtists)
      .where(sql`nullif(trim(${musicArtists.genre}), '') is not null`)
      .orderBy(asc(musicArtists.genre))
      .prepare(),
    byId: db.select().from(musicArtists).where(eq(musicArtists.id, param("id"))).prepare(),
    summaries: db
      .select({ artistId: artistRatings.artistId, ...ratingSummaryColumns(artistRatings.rating) })
      .from(artistRatings)
      .where(inIds(artistRatings.artistId))
      .groupBy(artistRatings.artistId)
      .prepare(),
    myRating: db
      .select({ rating: artistRatings.rating })
      .from(artistRatings)
      .where(and(eq(artistRatings.artistId, param("artistId")), eq(artistRatings.userId, param("userId"))))
      .prepare(),
    myRatings: db
      .select({ artistId: artistRatings.artistId, rating: artistRatings.rating })
      .from(artistRatings)
      .where(and(eq(artistRatings.userId, param("userId")), inIds(artistRatings.artistId)))
      .prepare(),
    commentCounts: db
      .select({ artistId: artistComments.artistId, total: count() })
      .from(artistComments)
      .where(and(inIds(artistComments.artistId), visibleComment))
      .groupBy(artistComments.artistId)
      .prepare(),
    commentsByIds: commentQuery(db, inIds(artistComments.id)).prepare(),
    commentsOf: commentQuery(db, and(eq(artistComments.artistId, param("artistId")), visibleComment))
      .limit(param("limit"))
      .prepare(),
    commentById: commentQuery(db, eq(artistComments.id, param("id"))).prepare(),
  };
});

/**
 * The latest comments of each artist: a window function keeps it one query. Raw SQL: the builder
 * has no form for a window over a subquery (docs/decisions/0077-data-access-style.md).
 */
function latestCommentIds(db: AppDatabase, ids: string) {
  const { artistComments } = schema;
  return queryRows<{ id: number }>(
    db,
    sql`select id from (
      select id, row_number() over (partition by artist_id order by created_at desc, id desc) as position
      from artist_comments where ${eq(artistComments.isHidden, false)} and ${inJsonIds(db, artistComments.artistId, ids)}
    ) as ranked where position <= ${COMMENTS_PER_PANEL}`,
  );
}

/** Artists matching the filters, newest first, one page, with the total ('All Artists (n)'). */
export async function listArtists(
  filters: Partial<ArtistFilters>,
  options: { pageSize?: number; featuredOnly?: boolean } = {},
): Promise<{ items: ArtistView[]; total: number; page: number; pageCount: number; pageSize: number }> {
  const pageSize = options.pageSize ?? ARTISTS_PAGE_SIZE;
  const query = filters.q?.trim().toLowerCase() ?? "";
  const genre = filters.genre ? filters.genre.toLowerCase() : "";
  const shape: ListShape = { hasQuery: query !== "", hasGenre: genre !== "", featuredOnly: Boolean(options.featuredOnly), pageSize };
  const list = listQueries(readDb(), shape);
  const values = { query, genre };
  const [counted] = await list.total.execute(values);
  const total = counted?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, filters.page ?? 1), pageCount);
  const rows = await list.rows.execute({ ...values, offset: (page - 1) * pageSize });
  return { items: rows.map(toView), total, page, pageCount, pageSize };
}

/** The stat cards: Artists, Total Plays, Genres (distinct), Active (play count above 0). */
/** The same for everyone and a scan of every artist: kept until the next write (app/utils/db.server.ts). */
export const getArtistStats: () => Promise<{ artists: number; totalPlays: number; genres: number; active: number }> = cachedUntilWrite(async () => {
  const [row] = await artistQueries(readDb()).stats.execute();
  return { artists: row?.artists ?? 0, totalPlays: row?.totalPlays ?? 0, genres: row?.genres ?? 0, active: row?.active ?? 0 };
});

/** The genre filter's options, built from the data. */
export async function listGenres(): Promise<string[]> {
  const rows = await artistQueries(readDb()).genres.execute();
  return rows.map((row) => row.genre as string);
}

/** One artist, or a 404. */
export async function getArtist(id: number): Promise<ArtistView> {
  const [row] = await artistQueries(readDb()).byId.execute({ id });
  if (!row) throw notFound("Artist not found");
  return toView(row);
}

/** Average (exact) and count of an artist's ratings. */
export async function getAverageRating(artistId: number): Promise<ArtistRatingSummary> {
  await getArtist(artistId);
  return (await summarize(readDb(), [artistId])).get(artistId) ?? { averageRating: 0, totalRatings: 0 };
}

async function summarize(db: AppDatabase, artistIds: number[]): Promise<Map<number, ArtistRatingSummary>> {
  if (artistIds.length === 0) return new Map();
  const rows = await artistQueries(db).summaries.execute({ ids: JSON.stringify(artistIds) });
  return new Map(rows.map((row) => [row.artistId, toArtistSummary(row)]));
}

/** The member's own rating of an artist (null when none). */
export async function getMyRating(artistId: number, userId: string): Promise<{ rating: number | null }> {
  await getArtist(artistId);
  const [row] = await artistQueries(readDb()).myRating.execute({ artistId, userId });
  return { rating: row?.rating ?? null };
}

function commentQuery(db: AppDatabase, where: SQL | undefined) {
  return db
    .select({
      id: schema.artistComments.id,
      artistId: schema.artistComments.artistId,
      userId: schema.artistComments.userId,
      comment: schema.artistComments.comment,
      createdAt: schema.artistComments.createdAt,
      isHidden: schema.artistComments.isHidden,
      firstName: schema.users.firstName,
      lastName: schema.users.lastName,
      displayName: schema.users.displayName,
      profileImageUrl: schema.users.profileImageUrl,
    })
    .from(schema.artistComments)
    .innerJoin(schema.users, eq(schema.users.id, schema.artistComments.userId))
    .where(where)
    .orderBy(desc(schema.artistComments.createdAt), desc(schema.artistComments.id));
}

type CommentRow = {
  id: number;
  artistId: number;
  userId: string;
  comment: string;
  createdAt: Date;
  isHidden: boolean;
  firstName: string;
  lastName: string;
  displayName: string;
  profileImageUrl: string | null;
};

function toComment(row: CommentRow): ArtistComment {
  return {
    id: row.id,
    artistId: row.artistId,
    userId: row.userId,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    user: { id: row.userId, firstName: row.firstName, lastName: row.lastName, displayName: row.displayName, profileImageUrl: row.profileImageUrl },
  };
}

/** An artist's visible comments, newest first (hidden ones are never shown). */
export async function listComments(artistId: number, options: { limit?: number } = {}): Promise<ArtistComment[]> {
  await getArtist(artistId);
  const rows = await artistQueries(readDb()).commentsOf.execute({ artistId, limit: options.limit ?? 200 });
  return rows.map(toComment);
}

/** Rating panels for many artists at once (a fixed number of queries, whatever the page size). */
/**
 * What every viewer's panels share (averages, comment counts, the latest comments), kept until the
 * next write (app/utils/db.server.ts) per list of artists; the viewer's own ratings are read each time.
 */
const publicPanels = cachedUntilWrite(
  async (ids: string, artistIds: number[]) => {
    const db = readDb();
    const queries = artistQueries(db);
    const summaries = await summarize(db, artistIds);
    const counts = new Map((await queries.commentCounts.execute({ ids })).map((row) => [row.artistId, row.total]));
    const latest = await latestCommentIds(db, ids);
    const comments = latest.length ? (await queries.commentsByIds.execute({ ids: JSON.stringify(latest.map((row) => row.id)) })).map(toComment) : [];
    return { summaries, counts, comments };
  },
  (ids) => ids,
);

export async function getRatingPanels(artistIds: number[], viewerId: string | null): Promise<Map<number, RatingPanelData>> {
  const panels = new Map<number, RatingPanelData>();
  if (artistIds.length === 0) return panels;
  const queries = artistQueries(readDb());
  const ids = JSON.stringify(artistIds);
  const { summaries, counts, comments } = await publicPanels(ids, artistIds);
  const mine = new Map<number, number>();
  if (viewerId) (await queries.myRatings.execute({ userId: viewerId, ids })).forEach((row) => mine.set(row.artistId, row.rating));
  for (const artistId of artistIds) {
    const summary = summaries.get(artistId) ?? { averageRating: 0, totalRatings: 0 };
    panels.set(artistId, {
      ...summary,
      myRating: mine.get(artistId) ?? null,
      commentsCount: counts.get(artistId) ?? 0,
      comments: comments.filter((comment) => comment.artistId === artistId),
    });
  }
  return panels;
}

/** Artists with their rating panels, for cards. */
export async function withPanels(artists: ArtistView[], viewerId: string | null): Promise<ArtistCardData[]> {
  const panels = await getRatingPanels(artists.map((artist) => artist.id), viewerId);
  return artists.map((artist) => ({
    ...artist,
    panel: panels.get(artist.id) ?? { averageRating: 0, totalRatings: 0, myRating: null, commentsCount: 0, comments: [] },
  }));
}

/** Parses artist input or throws a 400 with the field messages. */
export function parseArtistInput(input: unknown): ArtistFormValues {
  const result = artistFormSchema.safeParse(input);
  if (result.success) return result.data;
  throw validationError(result.error);
}

function toColumns(values: ArtistFormValues) {
  return {
    name: values.name,
    description: values.description ?? null,
    genre: values.genre ?? null,
    avatarUrl: values.avatarUrl ?? null,
    latestTrack: values.latestTrack ?? null,
    spotifyUrl: values.spotifyUrl ?? null,
    youtubeUrl: values.youtubeUrl ?? null,
    appleMusicUrl: values.appleMusicUrl ?? null,
    featured: values.featured,
  };
}

/** Admin: adds an artist (`now`: when, default now; the demo community replays its history at its own dates). */
export async function createArtist({ actor, input, now = new Date() }: { actor: ActorRef; input: unknown; now?: Date }): Promise<ArtistView> {
  const values = parseArtistInput(input);
  return write(async (tx) => {
    const [created] = await tx.insert(schema.musicArtists).values({ ...toColumns(values), createdAt: now }).returning();
    await recordAudit({ actor, action: "artist.created", targetType: "artist", targetId: created.id, summary: values.name, at: now });
    return toView(created);
  });
}

/** Admin: updates an artist (fields not given keep their value). */
export async function updateArtist({ actor, id, input }: { actor: ActorRef; id: number; input: Record<string, unknown> }): Promise<ArtistView> {
  const existing = await getArtist(id);
  const merged: Record<string, unknown> = {
    name: existing.name,
    description: existing.description,
    genre: existing.genre,
    avatarUrl: existing.avatarUrl,
    latestTrack: existing.latestTrack,
    spotifyUrl: existing.spotifyUrl,
    youtubeUrl: existing.youtubeUrl,
    appleMusicUrl: existing.appleMusicUrl,
    featured: existing.featured,
  };
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined && key in merged) merged[key] = value;
  }
  const values = parseArtistInput(merged);
  return write(async (tx) => {
    const [updated] = await tx.update(schema.musicArtists).set(toColumns(values)).where(eq(schema.musicArtists.id, id)).returning();
    if (!updated) throw notFound("Artist not found");
    await recordAudit({ actor, action: "artist.updated", targetType: "artist", targetId: id, summary: values.name });
    return toView(updated);
  });
}

/** Admin: deletes an artist with its ratings and comments, taking back the points they earned. */
export async function deleteArtist({ actor, id }: { actor: ActorRef; id: number }): Promise<void> {
  await write(async (tx) => {
    const [existing] = await tx.select({ name: schema.musicArtists.name }).from(schema.musicArtists).where(eq(schema.musicArtists.id, id)).limit(literalLimit(1));
    if (!existing) throw notFound("Artist not found");
    const raters = await tx.select({ userId: schema.artistRatings.userId }).from(schema.artistRatings).where(eq(schema.artistRatings.artistId, id));
    const comments = await tx
      .select({ id: schema.artistComments.id, userId: schema.artistComments.userId })
      .from(schema.artistComments)
      .where(and(eq(schema.artistComments.artistId, id), visibleComment));
    await tx.delete(schema.musicArtists).where(eq(schema.musicArtists.id, id));
    for (const rater of raters) await revokeContribution({ userId: rater.userId, kind: "artist_rated", subjectId: id });
    for (const comment of comments) await revokeContribution({ userId: comment.userId, kind: "artist_commented", subjectId: comment.id });
    await recordAudit({ actor, action: "artist.deleted", targetType: "artist", targetId: id, summary: existing.name });
  });
}

const platformColumn = {
  spotify: schema.musicArtists.spotifyUrl,
  youtube: schema.musicArtists.youtubeUrl,
  apple: schema.musicArtists.appleMusicUrl,
} as const;

/** Whether a path segment names a listen platform. */
export function isListenPlatform(value: string | undefined): value is ListenPlatform {
  return value === "spotify" || value === "youtube" || value === "apple";
}

/** Who is listening: the member, or a visitor known only by a keyed hash of their IP (never stored in clear). */
export function listenerKey(listener: { userId: string | null; clientIp: string }): string {
  if (listener.userId) return `user:${listener.userId}`;
  const hash = createHmac("sha256", getEnv().SESSION_SECRET).update(listener.clientIp).digest("base64url").slice(0, 22);
  return `ip:${hash}`;
}

/**
 * Returns the platform link to send the listener to and counts a play, once per member or visitor
 * per artist per UTC day (docs/resources-and-artists.md); 404 for an unknown artist or a missing link.
 */
export async function recordPlay({
  artistId,
  platform,
  listener,
  now = new Date(),
}: {
  artistId: number;
  platform: string;
  listener: string;
  now?: Date;
}): Promise<string> {
  if (!isListenPlatform(platform)) throw notFound("Unknown platform");
  const day = now.toISOString().slice(0, 10);
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  return write(async (tx) => {
    const [row] = await tx.select({ link: platformColumn[platform] }).from(schema.musicArtists).where(eq(schema.musicArtists.id, artistId)).limit(literalLimit(1));
    if (!row) throw notFound("Artist not found");
    if (!row.link || !isHttpUrl(row.link)) throw notFound("This artist has no link for that platform");
    await tx.delete(schema.artistPlays).where(lt(schema.artistPlays.day, yesterday));
    const counted = await tx.insert(schema.artistPlays).values({ artistId, listener, day }).onConflictDoNothing().returning({ artistId: schema.artistPlays.artistId });
    if (counted.length > 0) {
      await tx
        .update(schema.musicArtists)
        .set({ playCount: sql`${schema.musicArtists.playCount} + 1` })
        .where(eq(schema.musicArtists.id, artistId));
    }
    return row.link;
  });
}

/** A member rates an artist 1–5; re-rating replaces the rating. Returns the new summary. */
export async function rateArtist({ userId, artistId, input, now = new Date() }: { userId: string; artistId: number; input: unknown; now?: Date }) {
  const rating = parseRating(input);
  await assertMayContribute({ id: userId }, "rating", { now });
  return write(async (tx) => {
    const [artist] = await tx.select({ id: schema.musicArtists.id }).from(schema.musicArtists).where(eq(schema.musicArtists.id, artistId)).limit(literalLimit(1));
    if (!artist) throw notFound("Artist not found");
    const { isFirstRating, summary } = await upsertRating(tx, artistRatingsTable, { itemId: artistId, userId, rating, now });
    if (isFirstRating) await recordContribution({ userId, kind: "artist_rated", subjectId: artistId, at: now });
    return { artistId, rating, ...toArtistSummary(summary) };
  });
}

/** Parses a comment (trimmed, 1–1000 characters) or throws a 400 with the message. */
export function parseComment(input: unknown): string {
  const parsed = artistCommentSchema.safeParse(input);
  if (!parsed.success) throw fieldValidationError(parsed.error, "comment", "Comment cannot be empty");
  return parsed.data.comment;
}

/** A member comments on an artist (rate-limited like posts). Returns the comment with its author. */
export async function addComment({ userId, artistId, input, now = new Date() }: { userId: string; artistId: number; input: unknown; now?: Date }): Promise<ArtistComment> {
  const comment = parseComment(input);
  await getArtist(artistId);
  await assertMayContribute({ id: userId }, "comment", { now });
  const id = await write(async (tx) => {
    const [created] = await tx.insert(schema.artistComments).values({ artistId, userId, comment, createdAt: now }).returning({ id: schema.artistComments.id });
    await recordContribution({ userId, kind: "artist_commented", subjectId: created.id, at: now });
    return created.id;
  });
  const [row] = await artistQueries(readDb()).commentById.execute({ id });
  if (!row) throw notFound("Comment not found");
  return toComment(row);
}

type CommentModeration = { id: number; artistId: number };
type StoredComment = typeof schema.artistComments.$inferSelect;

/** The statements of the comment moderation. */
const commentRow = (db: AppDatabase, commentId: number) => db.select().from(schema.artistComments).where(eq(schema.artistComments.id, commentId)).limit(literalLimit(1));
const setCommentHidden = (db: AppDatabase, commentId: number, isHidden: boolean) =>
  db.update(schema.artistComments).set({ isHidden }).where(eq(schema.artistComments.id, commentId));
const deleteCommentRow = (db: AppDatabase, commentId: number) => db.delete(schema.artistComments).where(eq(schema.artistComments.id, commentId));

/** What hiding, showing or deleting a comment does beside its row, in its unit of work: points and the audit log. */
async function afterHidden(existing: StoredComment, actor: ActorRef | null): Promise<void> {
  await revokeContribution({ userId: existing.userId, kind: "artist_commented", subjectId: existing.id });
  if (actor) await recordAudit({ actor, action: "artist_comment.hidden", targetType: "comment", targetId: existing.id, summary: existing.comment.slice(0, 120) });
}
async function afterShown(existing: StoredComment, actor: ActorRef): Promise<void> {
  await recordContribution({ userId: existing.userId, kind: "artist_commented", subjectId: existing.id });
  await recordAudit({ actor, action: "artist_comment.shown", targetType: "comment", targetId: existing.id, summary: existing.comment.slice(0, 120) });
}
async function afterDeleted(existing: StoredComment, actor: ActorRef): Promise<void> {
  await revokeContribution({ userId: existing.userId, kind: "artist_commented", subjectId: existing.id });
  await recordAudit({ actor, action: "artist_comment.deleted", targetType: "comment", targetId: existing.id, summary: existing.comment.slice(0, 120) });
}

/**
 * A moderator hides a comment (or, with actor null, members' reports did: docs/moderation.md):
 * it is no longer shown or counted, and its points are taken back.
 */
export async function hideComment({ actor, commentId }: { actor: ActorRef | null; commentId: number }): Promise<CommentModeration> {
  return write(async (tx) => {
    const [existing] = await commentRow(tx, commentId);
    if (!existing) throw notFound("Comment not found");
    if (!existing.isHidden) {
      await setCommentHidden(tx, commentId, true);
      await afterHidden(existing, actor);
    }
    return { id: commentId, artistId: existing.artistId };
  });
}

/** A moderator shows a hidden comment again (reports on it dismissed); its points come back. */
export async function unhideComment({ actor, commentId }: { actor: ActorRef; commentId: number }): Promise<CommentModeration> {
  return write(async (tx) => {
    const [existing] = await commentRow(tx, commentId);
    if (!existing) throw notFound("Comment not found");
    if (existing.isHidden) {
      await setCommentHidden(tx, commentId, false);
      await afterShown(existing, actor);
    }
    return { id: commentId, artistId: existing.artistId };
  });
}

/** A moderator deletes a comment; its points are taken back. */
export async function deleteComment({ actor, commentId }: { actor: ActorRef; commentId: number }): Promise<CommentModeration> {
  return write(async (tx) => {
    const [existing] = await commentRow(tx, commentId);
    if (!existing) throw notFound("Comment not found");
    await deleteCommentRow(tx, commentId);
    await afterDeleted(existing, actor);
    return { id: commentId, artistId: existing.artistId };
  });
}

/** One comment, hidden or not, with its author and whether it is hidden (the moderation queue), or null. */
export async function findComment(commentId: number): Promise<(ArtistComment & { isHidden: boolean }) | null> {
  if (!Number.isSafeInteger(commentId) || commentId < 1) return null;
  const [row] = await artistQueries(readDb()).commentById.execute({ id: commentId });
  return row ? { ...toComment(row), isHidden: row.isHidden } : null;
}

