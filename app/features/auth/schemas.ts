/** Zod schemas of the login/register forms, used by the server only (page actions via parseWithZod, and /api); the browser gets constraints.ts (decision 0066). */
import { z } from "zod";
import { passwordWeakness } from "./password-policy.server";
import { USERNAME_MAX, USERNAME_MIN, USERNAME_RULE } from "./usernames";

const email = z
  .string({ required_error: "Please enter a valid email address" })
  .trim()
  .toLowerCase()
  .email("Please enter a valid email address")
  .max(254, "Email must be at most 254 characters");

const requiredText = (label: string, max = 100) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max = 100) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

/** A username (./usernames.ts): typed case does not matter, it is stored lowercase. Registration and the profile share it. */
export const usernameField = z
  .string({ required_error: "Username is required", invalid_type_error: "Username must be text" })
  .trim()
  .toLowerCase()
  .min(USERNAME_MIN, USERNAME_RULE)
  .max(USERNAME_MAX, USERNAME_RULE)
  .regex(/^[a-zA-Z0-9_]+$/, USERNAME_RULE);

export const loginSchema = z.object({
  email,
  password: z.string({ required_error: "Password is required" }).min(1, "Password is required").max(1000),
});

/** A new password: the registration rules (length and the common-password policy), reused by reset and change. */
export const newPasswordField = z
  .string({ required_error: "Password must be at least 8 characters" })
  .min(8, "Password must be at least 8 characters")
  .max(1000, "Password must be at most 1000 characters")
  .superRefine((password, context) => {
    const weakness = password.length >= 8 ? passwordWeakness(password) : null;
    if (weakness) context.addIssue({ code: z.ZodIssueCode.custom, message: weakness });
  });

export const registerSchema = z.object({
  email,
  password: newPasswordField,
  firstName: requiredText("First name"),
  lastName: requiredText("Last name"),
  displayName: requiredText("Display name"),
  /** Left out or empty: made from the display name (docs/discussions.md, "Mentions"). */
  username: z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), usernameField.optional()),
  city: optionalText("City"),
  state: optionalText("State"),
  phoneNumber: optionalText("Phone number", 40),
});

/** /forgot-password and POST /api/auth/forgot-password. */
export const forgotPasswordSchema = z.object({ email });

const token = z.string({ required_error: "This link is incomplete. Open the link from the e-mail again." }).min(1, "This link is incomplete. Open the link from the e-mail again.").max(200);

/** POST /api/auth/reset-password: the link's token and the new password. */
export const resetPasswordSchema = z.object({ token, password: newPasswordField });

/** The /reset-password form: the same, with the confirmation field. */
export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ confirmPassword: z.string({ required_error: "Please confirm your new password" }).min(1, "Please confirm your new password").max(1000) })
  .refine((value) => value.password === value.confirmPassword, { message: "The two passwords do not match", path: ["confirmPassword"] });

/** POST /api/auth/verify-email. */
export const verifyEmailSchema = z.object({ token });

const currentPassword = z.string({ required_error: "Enter your current password.", invalid_type_error: "Enter your current password." }).min(1, "Enter your current password.").max(1000);
const confirmPassword = z.string({ required_error: "Please confirm your new password" }).min(1, "Please confirm your new password").max(1000);

/** POST /api/account/password. */
export const changePasswordSchema = z.object({ currentPassword, newPassword: newPasswordField });

/** The 'Change password' form of /settings/account: the same, with the confirmation field. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword })
  .refine((value) => value.newPassword === value.confirmPassword, { message: "The two passwords do not match", path: ["confirmPassword"] });

/** POST /api/account/password of a member without a password yet (external sign-in): the new one only. */
export const setPasswordSchema = z.object({ newPassword: newPasswordField });

/** The 'Set a password' form of /settings/account (no current password: there is none). */
export const setPasswordFormSchema = setPasswordSchema
  .extend({ confirmPassword })
  .refine((value) => value.newPassword === value.confirmPassword, { message: "The two passwords do not match", path: ["confirmPassword"] });

/** POST /api/account/email, the 'Change e-mail' form and PUT /api/profile's `email`. */
export const changeEmailSchema = z.object({ email, currentPassword });

/** DELETE /api/account and the 'Delete my account' form. */
export const deleteAccountSchema = z.object({ password: currentPassword });

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
