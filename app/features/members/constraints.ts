/**
 * The HTML constraints of the Edit Profile form, as plain data so the browser needs no zod
 * (decision 0066). Equal to `getZodConstraint(profileFormSchema)`: constraints.test.ts checks it.
 */
import type { FormConstraints } from "~/components/ui/use-server-form";

export const profileConstraints = {
  firstName: { required: true, minLength: 1, maxLength: 100 },
  lastName: { required: true, minLength: 1, maxLength: 100 },
  displayName: { required: true, minLength: 1, maxLength: 100 },
  username: { required: false, minLength: 3, maxLength: 20, pattern: "^(?=.*(?:^[a-zA-Z0-9_]+$)).*$" },
  skillLevel: { required: true, pattern: "beginner|intermediate|expert" },
  bio: { required: false, maxLength: 1000 },
  interests: { required: false },
} satisfies FormConstraints;
