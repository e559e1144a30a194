/** Zod schemas of the conversation forms, used by the server (page actions and /api); the browser gets constraints.ts (decision 0066). */
import { z } from "zod";
import { MAX_IMAGES_PER_TEXT } from "~/utils/upload-limit";
import { countUploadedImages } from "~/utils/upload-urls";

/** At most this many other members in one conversation (docs/messages.md). */
export const RECIPIENTS_MAX = 8;
export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 10_000;

export const conversationTexts = {
  noRecipient: "Add at least one member to write to.",
  tooManyRecipients: `You can write to at most ${RECIPIENTS_MAX} members at once.`,
  emptyMessage: "Message cannot be empty",
} as const;

/**
 * The To field: a list (the API) or one text of usernames separated by commas or spaces (the
 * form), each with or without its @; compared in lower case, each once.
 */
const recipients = z.preprocess(
  (value) => {
    const items = Array.isArray(value) ? value : typeof value === "string" ? value.split(/[\s,]+/) : [];
    const names = items.filter((item): item is string => typeof item === "string").map((item) => item.trim().replace(/^@/, "").toLowerCase());
    return [...new Set(names.filter(Boolean))];
  },
  z.array(z.string()).min(1, conversationTexts.noRecipient).max(RECIPIENTS_MAX, conversationTexts.tooManyRecipients),
);

const content = z
  .string({ required_error: conversationTexts.emptyMessage, invalid_type_error: conversationTexts.emptyMessage })
  .trim()
  .min(1, conversationTexts.emptyMessage)
  .max(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX.toLocaleString("en-US")} characters`)
  .refine((text) => countUploadedImages(text) <= MAX_IMAGES_PER_TEXT, `A message can show at most ${MAX_IMAGES_PER_TEXT} images`);

const subject = z.preprocess(
  (value) => (value === null || value === undefined ? undefined : typeof value === "string" ? value.trim() || undefined : value),
  z.string({ invalid_type_error: "Subject must be text" }).max(SUBJECT_MAX, `Subject must be at most ${SUBJECT_MAX} characters`).optional(),
);

/** Starting a conversation: To (1–8 usernames), an optional Subject, the first message. */
export const newConversationSchema = z.object({ to: recipients, subject, content });

/** A message in a conversation. */
export const messageSchema = z.object({ content });
