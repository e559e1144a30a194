/**
 * Zod schemas of the resource forms, used by the actions (parseWithZod) and the /api routes; the browser gets constraints.ts (decision 0066).
 * Form posts and JSON bodies go through the same schema: empty strings count as "not given",
 * tags may be a list or comma-separated text, and either pricing set is accepted.
 */
import { z } from "zod";
import { optionalHttpUrl } from "~/utils/url-schema";
import { MAX_TAGS, difficulties, normalizePricing, pricingCategories, resourceTypes } from "./constants";

const emptyToUndefined = (value: unknown) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value);

function toTagList(value: unknown): unknown {
  if (value === undefined || value === null) return [];
  const raw = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : value;
  if (!Array.isArray(raw)) return raw;
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const item of raw) {
    if (typeof item !== "string") return raw;
    const tag = item.trim();
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      tags.push(tag);
    }
  }
  return tags;
}

export const resourceFormSchema = z
  .object({
    title: z.preprocess(
      emptyToUndefined,
      z.string({ required_error: "Title is required", invalid_type_error: "Title is required" }).trim().max(200, "Title is too long (200 characters at most)"),
    ),
    description: z.preprocess(emptyToUndefined, z.string().trim().max(2000, "Description is too long (2000 characters at most)").optional()),
    url: optionalHttpUrl("URL"),
    resourceType: z.preprocess(emptyToUndefined, z.enum(resourceTypes, { errorMap: () => ({ message: "Please choose a type" }) }).default("tool")),
    difficulty: z.preprocess(
      emptyToUndefined,
      z.enum(difficulties, { errorMap: () => ({ message: "Please choose a difficulty" }) }).default("beginner"),
    ),
    pricingCategory: z.preprocess(
      (value) => {
        const given = emptyToUndefined(value);
        return given === undefined ? undefined : (normalizePricing(given) ?? given);
      },
      z.enum(pricingCategories, { errorMap: () => ({ message: "Please choose a pricing category (free, low or high)" }) }).default("free"),
    ),
    tags: z.preprocess(
      toTagList,
      z
        .array(z.string().max(40, "Each tag must be 40 characters or fewer"), { invalid_type_error: "Tags must be a list" })
        .max(MAX_TAGS, `Use at most ${MAX_TAGS} tags`),
    ),
    embedUrl: optionalHttpUrl("Embed URL"),
  })
  .superRefine((value, context) => {
    if (value.resourceType === "video") {
      if (!value.url && !value.embedUrl) {
        context.addIssue({ code: z.ZodIssueCode.custom, path: ["embedUrl"], message: "Please enter the video's URL (YouTube or Vimeo)" });
      }
    } else if (!value.url) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["url"], message: "URL is required" });
    }
  });

export type ResourceFormValues = z.output<typeof resourceFormSchema>;

/** The list's GET filters; anything unknown is ignored rather than an error (they are links people edit). */
export const resourceFiltersSchema = z.object({
  q: z.string().trim().max(200).catch(""),
  type: z.enum(resourceTypes).optional().catch(undefined),
  difficulty: z.enum(difficulties).optional().catch(undefined),
  pricing: z
    .preprocess((value) => normalizePricing(value) ?? undefined, z.enum(pricingCategories).optional())
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type ResourceFilters = z.output<typeof resourceFiltersSchema>;

/** Reads the filters from a URL's search params. */
export function parseResourceFilters(searchParams: URLSearchParams): ResourceFilters {
  return resourceFiltersSchema.parse({
    q: searchParams.get("q") ?? "",
    type: searchParams.get("type") || undefined,
    difficulty: searchParams.get("difficulty") || undefined,
    pricing: searchParams.get("pricing") || undefined,
    page: searchParams.get("page") ?? 1,
  });
}
