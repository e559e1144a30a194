/** Zod schemas of /settings/account and /api/account (server only; decision 0066). */
import { z } from "zod";

/** PUT /api/account/notification-preferences: every key optional, booleans only (docs/accounts.md). */
export const notificationPreferencesSchema = z
  .object({
    replies: z.boolean({ invalid_type_error: "replies must be true or false" }),
    mentions: z.boolean({ invalid_type_error: "mentions must be true or false" }),
    messages: z.boolean({ invalid_type_error: "messages must be true or false" }),
    meetingReminders: z.boolean({ invalid_type_error: "meetingReminders must be true or false" }),
    weeklyDigest: z.boolean({ invalid_type_error: "weeklyDigest must be true or false" }),
  })
  .partial()
  .strict("Unknown preference: use replies, mentions, messages, meetingReminders or weeklyDigest.");
