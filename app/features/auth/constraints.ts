/**
 * The HTML constraints of the login and register forms, as plain data so the browser needs no zod
 * (decision 0066). Equal to `getZodConstraint(loginSchema / registerSchema)`: constraints.test.ts checks it.
 */
import type { FormConstraints } from "~/components/ui/use-server-form";

export const loginConstraints = {
  email: { required: true, maxLength: 254 },
  password: { required: true, minLength: 1, maxLength: 1000 },
} satisfies FormConstraints;

export const registerConstraints = {
  email: { required: true, maxLength: 254 },
  password: { required: true, minLength: 8, maxLength: 1000 },
  firstName: { required: true, minLength: 1, maxLength: 100 },
  lastName: { required: true, minLength: 1, maxLength: 100 },
  displayName: { required: true, minLength: 1, maxLength: 100 },
  username: { required: false, minLength: 3, maxLength: 20, pattern: "^(?=.*(?:^[a-zA-Z0-9_]+$)).*$" },
  city: { required: false, maxLength: 100 },
  state: { required: false, maxLength: 100 },
  phoneNumber: { required: false, maxLength: 40 },
} satisfies FormConstraints;

export const forgotPasswordConstraints = {
  email: { required: true, maxLength: 254 },
} satisfies FormConstraints;

export const resetPasswordConstraints = {
  token: { required: true, minLength: 1, maxLength: 200 },
  password: { required: true, minLength: 8, maxLength: 1000 },
  confirmPassword: { required: true, minLength: 1, maxLength: 1000 },
} satisfies FormConstraints;
