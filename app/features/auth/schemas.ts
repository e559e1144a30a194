/** Zod schemas of the login/register forms, used by the server only (page actions via parseWithZod, and /api); the browser gets constraints.ts (decision 0066). */
import { z } from "zod";
import { passwordWeakness } from "./password-policy.server";

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

export const loginSchema = z.object({
  email,
  password: z.string({ required_error: "Password is required" }).min(1, "Password is required").max(1000),
});

export const registerSchema = z.object({
  email,
  password: z
    .string({ required_error: "Password must be at least 8 characters" })
    .min(8, "Password must be at least 8 characters")
    .max(1000, "Password must be at most 1000 characters")
    .superRefine((password, context) => {
      const weakness = password.length >= 8 ? passwordWeakness(password) : null;
      if (weakness) context.addIssue({ code: z.ZodIssueCode.custom, message: weakness });
    }),
  firstName: requiredText("First name"),
  lastName: requiredText("Last name"),
  displayName: requiredText("Display name"),
  city: optionalText("City"),
  state: optionalText("State"),
  phoneNumber: optionalText("Phone number", 40),
});

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
