/** Zod schemas of the Manage Users tab, shared by its forms, its page action and the /api routes. */
import { z } from "zod";
import { roles } from "../../../db/enums";

export type UserRole = (typeof roles)[number];

export const changeRoleSchema = z.object({
  role: z.enum(roles, {
    errorMap: () => ({ message: "Choose a role: member, moderator or admin." }),
  }),
});

/** The list's GET parameters (search box and page number, in the URL so they work without JavaScript). */
export const userListQuerySchema = z.object({
  // The search box takes 100 characters; a longer value from an edited URL is cut to 100.
  search: z
    .string()
    .trim()
    .optional()
    .transform((value) => value?.slice(0, 100).trim() || undefined),
  page: z.coerce.number().int().min(1).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).optional().catch(undefined),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;
