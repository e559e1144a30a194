/**
 * The HTML constraints of the post form (create and edit), as plain data so the browser needs no
 * zod (decision 0066). Equal to `getZodConstraint(createPostSchema)`: constraints.test.ts checks it.
 */
import type { FormConstraints } from "~/components/ui/use-server-form";

export const postConstraints = {
  title: { required: true, minLength: 1, maxLength: 200 },
  content: { required: true, minLength: 1, maxLength: 20000 },
  categoryId: { required: true, min: 0 },
} satisfies FormConstraints;
