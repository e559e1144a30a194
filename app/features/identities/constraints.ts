/** The HTML constraints of /auth/email's form, as plain data (decision 0066); constraints.test.ts checks them against the schema. */
import type { FormConstraints } from "~/components/ui/use-server-form";

export const identityEmailConstraints = {
  email: { required: true, maxLength: 254 },
} satisfies FormConstraints;
