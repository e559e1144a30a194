/**
 * The moderation forms' HTML constraints as plain data (no zod in the browser, docs/decisions/0066):
 * the suspension form's reason. constraints.test.ts keeps it equal to the schema; kind and duration
 * are radio buttons and a select whose values the server checks.
 */
import type { FormConstraints } from "~/components/ui/use-server-form";
import { REASON_MAX_LENGTH } from "./constants";

export const suspensionConstraints = {
  reason: { required: true, minLength: 1, maxLength: REASON_MAX_LENGTH },
} satisfies FormConstraints;
