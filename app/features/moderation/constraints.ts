/**
 * The suspension form's HTML constraints as plain data (decision 0066). The reason's equal
 * `getZodConstraint(suspensionSchema).reason` (constraints.test.ts); kind and duration are
 * radio buttons and a select whose values the server checks.
 */
import type { FormConstraints } from "~/components/ui/use-server-form";
import { REASON_MAX_LENGTH } from "./constants";

export const suspensionConstraints = {
  reason: { required: true, minLength: 1, maxLength: REASON_MAX_LENGTH },
} satisfies FormConstraints;
