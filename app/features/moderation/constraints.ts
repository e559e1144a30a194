/**
 * The moderation forms' HTML constraints as plain data (no zod in the browser, docs/decisions/0066):
 * the suspension form's reason, the report and warning forms. constraints.test.ts keeps them equal
 * to the schemas; kind and duration are radio buttons and a select whose values the server checks.
 */
import type { FormConstraints } from "~/components/ui/use-server-form";
import { REASON_MAX_LENGTH } from "./constants";

export const suspensionConstraints = {
  reason: { required: true, minLength: 1, maxLength: REASON_MAX_LENGTH },
} satisfies FormConstraints;

export const reportFormConstraints = {
  reason: { required: true, pattern: "spam|harassment|off_topic|inappropriate|other" },
  note: { required: false, maxLength: 500 },
} satisfies FormConstraints;

export const warnFormConstraints = {
  message: { required: true, minLength: 1, maxLength: 1000 },
} satisfies FormConstraints;
