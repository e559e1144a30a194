/**
 * The resource library: listing with search, filters and pages; admin create, update and
 * delete; members' 1–5 ratings. The only code touching the resources and resource_ratings tables.
 */
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { recordAudit } from "~/features/audit/index.server";
import { recordContribution, revokeContribution } from "~/features/gamification/index.server";
import { assertMayContribute } from "~/features/moderation/index.server";
import { readDb, schema, write, type AppDatabase } from "~/utils/db.server";
import { containsText, literalLimit } from "~/utils/sql-dialect.server";
import { getEnv } from "~/utils/env.server";
import { badRequest, notFound } from "~/utils/errors.server";
import { RESOURCES_PAGE_SIZE, type Difficulty, type PricingCategory, type ResourceType } from "./constants";
import { toEmbedUrl } from "./embed";
import { resourceFormSchema, type ResourceFilters, type ResourceFormValues } from "./schemas";
import { domainOf, screenshotUrlFor } from "./thumbnail";
import { validationError } from "~/utils/validation.server";
import { parseRating, ratingsTable, summarizeRatings, upsertRating, type RatingSummary } from "~/utils/rating.server";
import type { ActorRef } from "~/utils/actor";
import { pick } from "~/utils/pick";

type ResourceRow = typeof schema.resources.$inferSelect;

/** A resource as pages and the API show it. */
export type ResourceView = {
  id: number;
  title: string;
  description: string;
  url: string;
  resourceType: ResourceType;
  difficulty: Difficulty;
  tags: string[];
  pricingCategory: PricingCategory;
  embedUrl: string | null;
  rating: number;
  reviewsCount: number;
  submittedBy: string | null;
  /** The read form: the submitter's first name and e-mail (the e-mail only when there is no first name, the only time it is shown). */
  submitter: { firstName: string | null; email: string | null } | null;
  createdAt: string;
};

/** What a card needs beyond the resource: the player, the thumbnail, the byline and the viewer's own rating. */
export type ResourceCardData = ResourceView & {
  playerUrl: string | null;
  thumbnailUrl: string | null;
  domain: string;
  byline: string;
  myRating: number | null;
};

/** 'By' line: the submitter's first name, else e-mail, else 'Community'. */
export function bylineOf(submitter: { firstName: string | null; email: string | null } | null): string {
  return submitter?.firstName?.trim() || submitter?.email?.trim() || "Community";
}

const selection = {
  resource: schema.resources,
  submitterFirstName: schema.users.firstName,
  submitterEmail: schema.users.email,
};

function toView(row: { resource: ResourceRow; submitterFirstName: string | null; submitterEmail: string | null }): ResourceView {
  const { resource } = row;
  const hasSubmitter = row.submitterEmail !== null;
  const firstName = row.submitterFirstName?.trim() || null;
  return {
    id: resource.id,
    title: resource.title,
    description: resource.description,
    url: resource.url,
    resourceType: resource.resourceType,
    difficulty: resource.difficulty,
    tags: resource.tags ?? [],
    pricingCategory: (resource.pricingCategory as PricingCategory) ?? "free",
    embedUrl: resource.embedUrl,
    rating: resource.rating,
    reviewsCount: resource.reviewsCount,
    submittedBy: resource.submittedBy,
    submitter: hasSubmitter ? { firstName, email: firstName ? null : row.submitterEmail } : null,
    createdAt: resource.createdAt.toISOString(),
  };
}

function filterConditions(db: AppDatabase, filters: Partial<ResourceFilters>): SQL | undefined {
  const conditions: SQL[] = [];
  const query = filters.q?.trim().toLowerCase();
  if (query) {
    conditions.push(
      sql`(${containsText(db, schema.resources.title, query)} or ${containsText(db, schema.resources.description, query)})`,
    );
  }
  if (filters.type) conditions.push(eq(schema.resources.resourceType, filters.type));
  if (filters.difficulty) conditions.push(eq(schema.resources.difficulty, filters.difficulty));
  if (filters.pricing) conditions.push(eq(schema.resources.pricingCategory, filters.pricing));
  return conditions.length ? and(...conditions) : undefined;
}

/** One page of resources matching the filters, newest first, with the total for pagination. */
export async function listResources(
  filters: Partial<ResourceFilters>,
  options: { pageSize?: number } = {},
): Promise<{ items: ResourceView[]; total: number; page: number; pageCount: number; pageSize: number }> {
  const db = readDb();
  const pageSize = options.pageSize ?? RESOURCES_PAGE_SIZE;
  const where = filterConditions(db, filters);
  const [counted] = await db.select({ total: sql<number>`count(*)` }).from(schema.resources).where(where);
  const total = counted?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, filters.page ?? 1), pageCount);
  const rows = await db
    .select(selection)
    .from(schema.resources)
    .leftJoin(schema.users, eq(schema.users.id, schema.resources.submittedBy))
    .where(where)
    .orderBy(desc(schema.resources.createdAt), desc(schema.resources.id))
    .limit(literalLimit(pageSize))
    .offset((page - 1) * pageSize);
  return { items: rows.map(toView), total, page, pageCount, pageSize };
}

/** One resource, or a 404. */
export async function getResource(id: number): Promise<ResourceView> {
  const [row] = await readDb()
    .select(selection)
    .from(schema.resources)
    .leftJoin(schema.users, eq(schema.users.id, schema.resources.submittedBy))
    .where(eq(schema.resources.id, id))
    .limit(literalLimit(1));
  if (!row) throw notFound("Resource not found");
  return toView(row);
}

/** The viewer's own ratings of the given resources (resource id → 1..5). */
export async function getMyResourceRatings(userId: string, resourceIds: number[]): Promise<Map<number, number>> {
  if (resourceIds.length === 0) return new Map();
  const rows = await readDb()
    .select({ resourceId: schema.resourceRatings.resourceId, rating: schema.resourceRatings.rating })
    .from(schema.resourceRatings)
    .where(and(eq(schema.resourceRatings.userId, userId), inArray(schema.resourceRatings.resourceId, resourceIds)));
  return new Map(rows.map((row) => [row.resourceId, row.rating]));
}

/** Adds what a card shows: the video player, the thumbnail, the domain, the byline and the viewer's rating. */
export async function toCardData(resources: ResourceView[], viewerId: string | null): Promise<ResourceCardData[]> {
  const template = getEnv().SCREENSHOT_URL_TEMPLATE;
  const mine = viewerId ? await getMyResourceRatings(viewerId, resources.map((resource) => resource.id)) : new Map<number, number>();
  return resources.map((resource) => {
    const playerUrl = resource.resourceType === "video" ? (toEmbedUrl(resource.embedUrl) ?? toEmbedUrl(resource.url)) : null;
    return {
      ...resource,
      playerUrl,
      thumbnailUrl: playerUrl ? null : screenshotUrlFor(template, resource.url),
      domain: domainOf(resource.url),
      byline: bylineOf(resource.submitter),
      myRating: mine.get(resource.id) ?? null,
    };
  });
}

/** Parses resource input (a form's fields or a JSON body) or throws a 400 with the field messages. */
export function parseResourceInput(input: unknown): ResourceFormValues {
  const result = resourceFormSchema.safeParse(input);
  if (result.success) return result.data;
  throw validationError(result.error);
}

function hasResourceType(input: unknown): boolean {
  if (!input || typeof input !== "object" || !("resourceType" in input)) return false;
  const value = (input as { resourceType: unknown }).resourceType;
  return value !== undefined && value !== null && value !== "";
}

/** The columns a validated input is stored as: a video keeps its link as url and its embed form as embedUrl. */
function toColumns(values: ResourceFormValues) {
  const videoLink = values.embedUrl ?? values.url ?? null;
  const isVideo = values.resourceType === "video";
  return {
    title: values.title,
    description: values.description ?? "",
    url: (isVideo ? (values.url ?? videoLink) : values.url) ?? "",
    resourceType: values.resourceType,
    difficulty: values.difficulty,
    tags: values.tags,
    pricingCategory: values.pricingCategory,
    embedUrl: isVideo ? (toEmbedUrl(videoLink) ?? values.embedUrl ?? null) : null,
  };
}

/**
 * Admin: adds a resource (credited to the submitter as resource_shared) and writes the audit log.
 * `isTypeRequired` (the JSON API): a body without resourceType is a 400; the forms start on 'tool'.
 */
export async function createResource({
  actor,
  input,
  isTypeRequired = false,
  now = new Date(),
}: {
  actor: ActorRef;
  input: unknown;
  isTypeRequired?: boolean;
  /** When it is added (default: now; the demo community replays its history at its own dates). */
  now?: Date;
}): Promise<ResourceView> {
  if (isTypeRequired && !hasResourceType(input)) {
    const parsed = resourceFormSchema.safeParse(input);
    const fieldErrors = parsed.success ? {} : validationError(parsed.error).fieldErrors;
    throw badRequest("Resource type is required", { ...fieldErrors, resourceType: ["Resource type is required"] });
  }
  const values = parseResourceInput(input);
  const id = await write(async (tx) => {
    const [created] = await tx
      .insert(schema.resources)
      .values({ ...toColumns(values), submittedBy: actor.id, createdAt: now })
      .returning({ id: schema.resources.id });
    await recordContribution({ userId: actor.id, kind: "resource_shared", subjectId: created.id, at: now });
    await recordAudit({ actor, action: "resource.created", targetType: "resource", targetId: created.id, summary: values.title, at: now });
    return created.id;
  });
  return await getResource(id);
}

/** The stored resource as form input, so a partial update (PUT with some fields) keeps the rest. */
const inputFields = ["title", "description", "url", "resourceType", "difficulty", "tags", "pricingCategory", "embedUrl"] as const;

function toInput(resource: ResourceView) {
  return pick(resource, inputFields);
}

/** Admin: updates a resource (fields not given keep their value). */
export async function updateResource({ actor, id, input }: { actor: ActorRef; id: number; input: Record<string, unknown> }): Promise<ResourceView> {
  const existing = await getResource(id);
  const merged: Record<string, unknown> = { ...toInput(existing) };
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined && key in merged) merged[key] = value;
  }
  // Changing a video to another type (or back) recomputes the embed; a new url replaces a stale embed.
  if ("url" in input && !("embedUrl" in input)) merged.embedUrl = undefined;
  const values = parseResourceInput(merged);
  await write(async (tx) => {
    await tx.update(schema.resources).set(toColumns(values)).where(eq(schema.resources.id, id));
    await recordAudit({ actor, action: "resource.updated", targetType: "resource", targetId: id, summary: values.title });
  });
  return getResource(id);
}

/** Admin: deletes a resource, taking back the points it earned (shared, rated). */
export async function deleteResource({ actor, id }: { actor: ActorRef; id: number }): Promise<void> {
  await write(async (tx) => {
    const [existing] = await tx
      .select({ title: schema.resources.title, submittedBy: schema.resources.submittedBy })
      .from(schema.resources)
      .where(eq(schema.resources.id, id))
      .limit(literalLimit(1));
    if (!existing) throw notFound("Resource not found");
    const raters = await tx
      .select({ userId: schema.resourceRatings.userId })
      .from(schema.resourceRatings)
      .where(eq(schema.resourceRatings.resourceId, id));
    await tx.delete(schema.resources).where(eq(schema.resources.id, id));
    if (existing.submittedBy) await revokeContribution({ userId: existing.submittedBy, kind: "resource_shared", subjectId: id });
    for (const rater of raters) await revokeContribution({ userId: rater.userId, kind: "resource_rated", subjectId: id });
    await recordAudit({ actor, action: "resource.deleted", targetType: "resource", targetId: id, summary: existing.title });
  });
}

/** Members' resource ratings, under the one rating rule (app/utils/rating.server.ts). */
const resourceRatingsTable = ratingsTable(schema.resourceRatings, "resourceId");

/**
 * A member rates a resource 1–5 (one rating per member; re-rating replaces it). The resource's
 * stored rating (exact average) and reviewsCount, which lists sort and show, are the rule's
 * summary, written in the same transaction.
 */
export async function rateResource({ userId, resourceId, input, now = new Date() }: { userId: string; resourceId: number; input: unknown; now?: Date }) {
  const rating = parseRating(input);
  await assertMayContribute({ id: userId }, "rating", { now });
  return write(async (tx) => {
    const [resource] = await tx.select({ id: schema.resources.id }).from(schema.resources).where(eq(schema.resources.id, resourceId)).limit(literalLimit(1));
    if (!resource) throw notFound("Resource not found");
    const { isFirstRating, summary } = await upsertRating(tx, resourceRatingsTable, { itemId: resourceId, userId, rating, now });
    await storeResourceRating(tx, resourceId, summary);
    if (isFirstRating) await recordContribution({ userId, kind: "resource_rated", subjectId: resourceId, at: now });
    return { resourceId, rating: summary.average, reviewsCount: summary.count, myRating: rating };
  });
}

/** The rule's summary in the resources' stored columns (rating, reviewsCount): the statement, awaited or run by the caller. */
function storeResourceRating(tx: AppDatabase, resourceId: number, { average, count }: RatingSummary) {
  return tx.update(schema.resources).set({ rating: average, reviewsCount: count }).where(eq(schema.resources.id, resourceId));
}

/**
 * Recomputes the stored rating and reviewsCount of the given resources from their ratings (after
 * ratings went away with a deleted member), inside the caller's unit of work.
 */
export async function refreshResourceRatings(tx: AppDatabase, resourceIds: number[]): Promise<void> {
  for (const [resourceId, summary] of await summarizeRatings(tx, resourceRatingsTable, [...new Set(resourceIds)])) await storeResourceRating(tx, resourceId, summary);
}

/** Admin list: newest created first, one page. */
export function listResourcesForAdmin(page = 1) {
  return listResources({ page }, { pageSize: 25 });
}
