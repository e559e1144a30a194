/** Zod schemas of the discussion forms, used by the server (page actions via parseWithZod, and /api); the browser gets constraints.ts (decision 0066). */
import { z } from "zod";
import { MAX_IMAGES_PER_TEXT } from "~/utils/upload-limit";
import { countUploadedImages } from "~/utils/upload-urls";

export const TITLE_MAX = 200;
export const CONTENT_MAX = 20_000;
export const REPLY_MAX = 10_000;
/** Posts per page on /discussions and the default `limit` of GET /api/posts. */
export const POSTS_PAGE_SIZE = 20;
export const POSTS_API_MAX_LIMIT = 100;
export const SEARCH_MAX = 200;

const title = z
  .string({ required_error: "Title is required", invalid_type_error: "Title is required" })
  .trim()
  .min(1, "Title is required")
  .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`);

/** A post's or reply's text: required (`emptyMessage`), trimmed, at most `max` characters and MAX_IMAGES_PER_TEXT images. */
const messageText = ({ label, emptyMessage, max, noun }: { label: string; emptyMessage: string; max: number; noun: "post" | "reply" }) =>
  z
    .string({ required_error: emptyMessage, invalid_type_error: emptyMessage })
    .trim()
    .min(1, emptyMessage)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`)
    .refine((text) => countUploadedImages(text) <= MAX_IMAGES_PER_TEXT, `A ${noun} can show at most ${MAX_IMAGES_PER_TEXT} images`);

const content = messageText({ label: "Content", emptyMessage: "Content is required", max: CONTENT_MAX, noun: "post" });

const categoryId = z.coerce
  .number({ required_error: "Please select a category", invalid_type_error: "Please select a category" })
  .int("Please select a category")
  .positive("Please select a category");

/** Create or edit a post: title, content and categoryId, all required (docs/discussions.md). */
export const createPostSchema = z.object({
  title,
  content,
  // An empty <select> sends "", which must read as "missing", not as 0.
  categoryId: z.preprocess((value) => (value === "" || value === null ? undefined : value), categoryId),
});

const replyContent = messageText({ label: "Reply", emptyMessage: "Reply cannot be empty", max: REPLY_MAX, noun: "reply" });

/** A reply: content non-empty after trimming; parentReplyId optional (a reply to a reply). */
export const replySchema = z.object({
  content: replyContent,
  parentReplyId: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce.number({ invalid_type_error: "Unknown reply" }).int("Unknown reply").positive("Unknown reply").optional(),
  ),
});

export const updateReplySchema = z.object({ content: replyContent });

/** The /discussions filters as they live in the URL. Anything malformed falls back to "no filter". */
export const discussionFiltersSchema = z.object({
  q: z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim().slice(0, SEARCH_MAX)),
  category: z
    .string()
    .optional()
    .transform((value) => {
      const parsed = Number(value);
      return Number.isInteger(parsed) && parsed > 0 ? parsed : undefined;
    }),
  page: z
    .string()
    .optional()
    .transform((value) => {
      const parsed = Number(value);
      return Number.isInteger(parsed) && parsed > 1 ? Math.min(parsed, 10_000) : 1;
    }),
});
