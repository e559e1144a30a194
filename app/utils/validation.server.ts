/**
 * Validation → 400, the one place: a zod failure becomes the typed 400 (app/utils/errors.server.ts)
 * whose message is the first field message and whose `fieldErrors` carry every field's messages.
 */
import type { ZodError, ZodType, ZodTypeDef } from "zod";
import { badRequest, type AppError, type FieldErrors } from "./errors.server";

/** The message of a failed form that names no field. */
export const CHECK_THE_FORM = "Please check the form and try again.";

/** The 400 of a failed parse: the first field message (else the first form message, else `fallback`) and every field's messages. */
export function validationError(error: ZodError, fallback = CHECK_THE_FORM): AppError {
  const { fieldErrors, formErrors } = error.flatten();
  const messages = Object.values(fieldErrors as FieldErrors).flat();
  // A schema of one value (an id, a rating) has no fields: only the message, no empty `errors`.
  return badRequest(messages[0] ?? formErrors[0] ?? fallback, messages.length ? (fieldErrors as FieldErrors) : undefined);
}

/** The 400 of a one-field form (a rating, a comment): its first message, under that field. */
export function fieldValidationError(error: ZodError, field: string, fallback = CHECK_THE_FORM): AppError {
  const message = error.issues[0]?.message ?? fallback;
  return badRequest(message, { [field]: [message] });
}

/** Parses input with a shared schema, or throws the 400 of `validationError`. */
export function parseOrThrow<Output>(schema: ZodType<Output, ZodTypeDef, unknown>, input: unknown, fallback?: string): Output {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw validationError(result.error, fallback);
}
