/**
 * The HTML constraints of the conversation forms, as plain data so the browser needs no zod
 * (decision 0066). Checked against the schemas by constraints.test.ts.
 */
import type { FormConstraints } from "~/components/ui/use-server-form";

export const newConversationConstraints = {
  to: { required: true },
  subject: { required: false, maxLength: 200 },
  content: { required: true, minLength: 1, maxLength: 10000 },
} satisfies FormConstraints;

export const messageConstraints = {
  content: { required: true, minLength: 1, maxLength: 10000 },
} satisfies FormConstraints;
