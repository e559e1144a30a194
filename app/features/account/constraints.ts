/**
 * The HTML constraints of the /settings/account forms, as plain data so the browser needs no zod
 * (decision 0066). Equal to `getZodConstraint(...)` of the schemas: constraints.test.ts checks it.
 */
import type { FormConstraints } from "~/components/ui/use-server-form";

export const changePasswordConstraints = {
  currentPassword: { required: true, minLength: 1, maxLength: 1000 },
  newPassword: { required: true, minLength: 8, maxLength: 1000 },
  confirmPassword: { required: true, minLength: 1, maxLength: 1000 },
} satisfies FormConstraints;

export const setPasswordConstraints = {
  newPassword: { required: true, minLength: 8, maxLength: 1000 },
  confirmPassword: { required: true, minLength: 1, maxLength: 1000 },
} satisfies FormConstraints;

export const changeEmailConstraints = {
  email: { required: true, maxLength: 254 },
  currentPassword: { required: true, minLength: 1, maxLength: 1000 },
} satisfies FormConstraints;

export const deleteAccountConstraints = {
  password: { required: true, minLength: 1, maxLength: 1000 },
} satisfies FormConstraints;
