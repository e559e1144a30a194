/**
 * The report and warning forms' HTML constraints as plain data (no zod in the browser,
 * docs/decisions/0066); constraints.test.ts keeps them equal to the schemas.
 */
import type { FormConstraints } from "~/components/ui/use-server-form";

export const reportFormConstraints = {
  reason: { required: true, pattern: "spam|harassment|off_topic|inappropriate|other" },
  note: { required: false, maxLength: 500 },
} satisfies FormConstraints;

export const warnFormConstraints = {
  message: { required: true, minLength: 1, maxLength: 1000 },
} satisfies FormConstraints;
