/**
 * The enumerations of the schema, apart from the tables so that client code (form schemas,
 * components) can import them without pulling Drizzle into the browser bundle.
 */
export const skillLevels = ["beginner", "intermediate", "expert"] as const;

export const roles = ["member", "moderator", "admin"] as const;

export const badgeTypes = [
  "explorer",
  "discusser",
  "sharer",
  "attendee",
  "supporter",
  "ai_innovator",
  "community_helper",
  "meeting_regular",
  "resource_guru",
  "music_lover",
  "quads_master",
] as const;

export const platforms = [
  "youtube",
  "facebook",
  "twitter",
  "instagram",
  "tiktok",
  "patreon",
  "threads",
  "support_link",
  "patron_link",
  "donation_link",
] as const;

export const resourceTypes = ["tool", "article", "video", "course", "website", "channel", "book"] as const;

export const difficulties = ["beginner", "intermediate", "advanced"] as const;
