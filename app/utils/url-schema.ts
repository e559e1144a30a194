/** The zod field for an optional http(s) URL, shared by the features' schemas. */
import { z } from "zod";
import { isHttpUrl } from "./url";

const emptyToUndefined = (value: unknown) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value);

/** An optional http(s) URL field ("" and null mean "not given"), for forms and JSON bodies alike. */
export const optionalHttpUrl = (label = "URL") =>
  z.preprocess(
    emptyToUndefined,
    z
      .string({ invalid_type_error: `${label} must be text` })
      .trim()
      .max(2000, `${label} is too long`)
      .refine(isHttpUrl, `${label} must be a valid http:// or https:// address`)
      .optional(),
  );
