/**
 * The reports feature's plain data (no zod: components import it): what can be reported, the
 * reasons, the limits and the texts people see. docs/moderation.md describes the feature.
 */
export const reportTargetTypes = ["post", "reply", "artist_comment", "user", "message"] as const;
export type ReportTargetType = (typeof reportTargetTypes)[number];

export const reportReasons = ["spam", "harassment", "off_topic", "inappropriate", "other"] as const;
export type ReportReason = (typeof reportReasons)[number];

export const reportReasonLabels: Record<ReportReason, string> = {
  spam: "Spam",
  harassment: "Harassment or abuse",
  off_topic: "Off-topic",
  inappropriate: "Inappropriate",
  other: "Other",
};

export const resolveActions = ["dismiss", "hide", "delete", "warn", "suspend"] as const;
export type ResolveAction = (typeof resolveActions)[number];

export const REPORT_NOTE_MAX = 500;
export const WARNING_MAX = 1000;
/** Groups the queue shows at once (the oldest wait for the next visit). */
export const QUEUE_GROUPS_MAX = 50;

/** What a reported item is called in sentences ("this post"). */
export const targetNouns: Record<ReportTargetType, string> = {
  post: "post",
  reply: "reply",
  artist_comment: "comment",
  user: "member profile",
  message: "message",
};

export const reportMessages = {
  thanks: "Thanks — a moderator will look at it.",
  reportFailed: "Failed to send the report. Please try again.",
} as const;
