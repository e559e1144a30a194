/**
 * The 1–5 rating members give artists and resources: one rule for both. A member rates an item
 * 1–5 (`parseRating`), re-rating replaces their rating (`upsertRating`), and what every page and
 * /api answer shows is the exact average of the members' ratings (0 when none) and their count
 * (`RatingSummary`, computed by `ratingSummaryColumns` / `summarizeRatings`). Each feature maps
 * the summary to its API's field names (docs/resources-and-artists.md, "Ratings").
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable, SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import type { AppDatabase } from "./db.server";
import { fieldValidationError } from "./validation.server";
import { literalLimit } from "./sql-dialect.server";

const RATING_MESSAGE = "Rating must be a whole number from 1 to 5";

const ratingSchema = z.object({
  rating: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
    z.number({ required_error: RATING_MESSAGE, invalid_type_error: RATING_MESSAGE }).int(RATING_MESSAGE).min(1, RATING_MESSAGE).max(5, RATING_MESSAGE),
  ),
});

/** The rating of a body or form (`{ rating }`; "4" from a form counts), or a 400 with the message under `rating`. */
export function parseRating(input: unknown): number {
  const parsed = ratingSchema.safeParse(input);
  if (!parsed.success) throw fieldValidationError(parsed.error, "rating", RATING_MESSAGE);
  return parsed.data.rating;
}

/** An item's ratings in one number pair: the exact average (0 when unrated) and how many members rated it. */
export type RatingSummary = { average: number; count: number };

type RatingColumns<ItemKey extends string> = Record<ItemKey | "userId" | "rating" | "createdAt", SQLiteColumn>;

/** A members' ratings table (one row per item and member, unique on both) and the name of its item column. */
export type RatingsTable<Table extends SQLiteTable & RatingColumns<ItemKey>, ItemKey extends string> = { table: Table; itemKey: ItemKey };

/** Names a feature's ratings table for `upsertRating` / `summarizeRatings`. */
export function ratingsTable<Table extends SQLiteTable & RatingColumns<ItemKey>, ItemKey extends string>(table: Table, itemKey: ItemKey): RatingsTable<Table, ItemKey> {
  return { table, itemKey };
}

/** The summary's SQL over the ratings a query selects (a feature's prepared list query uses it too). */
export function ratingSummaryColumns(rating: SQLiteColumn) {
  return { average: sql<number>`coalesce(avg(${rating}), 0)`.mapWith(Number), count: count() };
}

/** The summaries' query over the given items (shared by the async reader and its synchronous twin). */
function summaryQuery<Table extends SQLiteTable & RatingColumns<ItemKey>, ItemKey extends string>(db: AppDatabase, { table, itemKey }: RatingsTable<Table, ItemKey>, itemIds: number[]) {
  const item = table[itemKey];
  return db
    .select({ itemId: sql<number>`${item}`.mapWith(Number), ...ratingSummaryColumns(table.rating) })
    .from(table as SQLiteTable)
    .where(inArray(item, itemIds))
    .groupBy(item);
}

function toSummaries(itemIds: number[], rows: Array<{ itemId: number } & RatingSummary>): Map<number, RatingSummary> {
  const summaries = new Map<number, RatingSummary>(itemIds.map((itemId) => [itemId, { average: 0, count: 0 }]));
  for (const { itemId, average, count: total } of rows) summaries.set(itemId, { average, count: total });
  return summaries;
}

/** The summaries of the given items (an unrated item: average 0, count 0), read through `db` (`readDb()` or a unit's `tx`). */
export async function summarizeRatings<Table extends SQLiteTable & RatingColumns<ItemKey>, ItemKey extends string>(
  db: AppDatabase,
  ratings: RatingsTable<Table, ItemKey>,
  itemIds: number[],
): Promise<Map<number, RatingSummary>> {
  if (itemIds.length === 0) return new Map();
  return toSummaries(itemIds, await summaryQuery(db, ratings, itemIds));
}

/**
 * A member rates an item: their first rating is stored, a later one replaces it. Run inside the
 * caller's unit of work (`tx` of `write()`); answers whether it was their first rating of the item
 * (points are given once) and the item's new summary.
 */
export async function upsertRating<Table extends SQLiteTable & RatingColumns<ItemKey>, ItemKey extends string>(
  tx: AppDatabase,
  ratings: RatingsTable<Table, ItemKey>,
  { itemId, userId, rating, now }: { itemId: number; userId: string; rating: number; now: Date },
): Promise<{ isFirstRating: boolean; summary: RatingSummary }> {
  const { table, itemKey } = ratings;
  const [previous] = await tx
    .select({ rating: table.rating })
    .from(table as SQLiteTable)
    .where(and(eq(table[itemKey], itemId), eq(table.userId, userId)))
    .limit(literalLimit(1));
  // The item column's name is a parameter here, which Drizzle's row types cannot follow.
  const row = { [itemKey]: itemId, userId, rating, createdAt: now } as unknown as Table["$inferInsert"];
  await tx
    .insert(table)
    .values(row)
    .onConflictDoUpdate({ target: [table[itemKey], table.userId], set: { rating } as unknown as SQLiteUpdateSetSource<Table> });
  const summary = (await summarizeRatings(tx, ratings, [itemId])).get(itemId)!;
  return { isFirstRating: previous === undefined, summary };
}
