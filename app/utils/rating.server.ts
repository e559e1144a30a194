/** The 1–5 rating members give artists and resources: one rule and one message for both. */
import { z } from "zod";
import { fieldValidationError } from "./validation.server";

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
