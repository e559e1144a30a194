/** The resource library's vocabularies, labels and icons (shared by server, forms and cards). */
// Same values as db/schema.ts (kept literal so the browser bundle does not pull in Drizzle; a test checks they match).
export const resourceTypes = ["tool", "article", "video", "course", "website", "channel", "book"] as const;
export const difficulties = ["beginner", "intermediate", "advanced"] as const;
export type ResourceType = (typeof resourceTypes)[number];
export type Difficulty = (typeof difficulties)[number];

/**
 * The one pricing set (docs/decisions/0040-resource-pricing-set.md): the public form values.
 * The admin edit dialog's set is accepted on input and mapped (freemium → low, paid → high).
 */
export const pricingCategories = ["free", "low", "high"] as const;
export type PricingCategory = (typeof pricingCategories)[number];

export const pricingAliases: Record<string, PricingCategory> = { freemium: "low", paid: "high" };

export const pricingLabels: Record<PricingCategory, string> = {
  free: "Free",
  low: "$20 or less",
  high: "More than $20",
};

export const resourceTypeLabels: Record<ResourceType, string> = {
  tool: "Tool",
  article: "Article",
  video: "Video",
  course: "Course",
  website: "Website",
  channel: "Channel",
  book: "Book",
};

export const resourceTypeIcons: Record<ResourceType, string> = {
  tool: "🛠️",
  article: "📄",
  video: "🎬",
  course: "🎓",
  website: "🌐",
  channel: "📺",
  book: "📚",
};

export const difficultyLabels: Record<Difficulty, string> = {
  beginner: "Beginner",
  intermediate: "Intermediate",
  advanced: "Advanced",
};

export const difficultyClasses: Record<Difficulty, string> = {
  beginner: "bg-emerald-100 text-emerald-800",
  intermediate: "bg-amber-100 text-amber-800",
  advanced: "bg-rose-100 text-rose-800",
};

/** Maps either pricing set's value to the stored one (undefined when unknown). */
export function normalizePricing(value: unknown): PricingCategory | undefined {
  if (typeof value !== "string") return undefined;
  const key = value.trim().toLowerCase();
  if ((pricingCategories as readonly string[]).includes(key)) return key as PricingCategory;
  return pricingAliases[key];
}

export const MAX_TAGS = 10;
export const TAGS_ON_CARD = 3;
export const RESOURCES_PAGE_SIZE = 12;
