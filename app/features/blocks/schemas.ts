/** The one input of blocking: which member (a path segment or the profile page's hidden field). */
import { z } from "zod";

export const memberIdSchema = z
  .string({ required_error: "Choose a member.", invalid_type_error: "Choose a member." })
  .trim()
  .min(1, "Choose a member.")
  .max(100, "That is not a member id.");
