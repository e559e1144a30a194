/**
 * The HTML constraints of the resource form, as plain data so the browser needs no zod (decision 0066).
 * Equal to `getZodConstraint(resourceFormSchema)`: constraints.test.ts checks it.
 */
import type { FormConstraints } from "~/components/ui/use-server-form";

export const resourceConstraints = {
  title: { required: true, maxLength: 200 },
  description: { required: false, maxLength: 2000 },
  url: { required: false, maxLength: 2000 },
  resourceType: { required: false, pattern: "tool|article|video|course|website|channel|book" },
  difficulty: { required: false, pattern: "beginner|intermediate|advanced" },
  pricingCategory: { required: false, pattern: "free|low|high" },
  tags: { required: true, multiple: true },
  "tags[]": { required: true, maxLength: 40 },
  embedUrl: { required: false, maxLength: 2000 },
} satisfies FormConstraints;
