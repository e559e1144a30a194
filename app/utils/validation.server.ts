/** Parsing input with a zod schema into a 400 with field messages: shared by the features. */
import type { ZodType, ZodTypeDef } from "zod";
import { badRequest } from "./errors.server";

/** Parses input with a shared schema, or throws a 400 AppError carrying the field messages. */
export function parseOrThrow<Output>(schema: ZodType<Output, ZodTypeDef, unknown>, input: unknown): Output {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fieldErrors = result.error.flatten().fieldErrors as Record<string, string[]>;
  const first = Object.values(fieldErrors).flat()[0] ?? result.error.issues[0]?.message ?? "Please check the form and try again.";
  throw badRequest(first, fieldErrors);
}
