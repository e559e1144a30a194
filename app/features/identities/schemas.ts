/** Zod schemas of the identities feature's forms (the server validates with them). */
import { z } from "zod";

/** /auth/email: the address a member gives when the provider gave no verified one. */
export const identityEmailSchema = z.object({
  email: z.string({ required_error: "Please enter a valid email address" }).trim().toLowerCase().email("Please enter a valid email address").max(254, "Email must be at most 254 characters"),
});
