/** The profile form schema, shared by the Edit Profile form and PUT /api/profile. */
import { z } from "zod";
import { usernameField as username } from "~/features/auth/index.server";
import { skillLevels } from "../../../db/enums";

const name = (label: string) =>
  z
    .string({ invalid_type_error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

/** Interests arrive as a list (JSON) or as comma-separated text (a form field). */
const interests = z
  .union([z.array(z.string()), z.string()])
  .transform((value) => (Array.isArray(value) ? value : value.split(",")))
  .transform((list) => [...new Set(list.map((item) => item.trim()).filter(Boolean))])
  .refine((list) => list.length <= 20, "Add at most 20 interests")
  .refine((list) => list.every((item) => item.length <= 40), "Each interest must be at most 40 characters");

export const profileSchema = z.object({
  firstName: name("First name").optional(),
  lastName: name("Last name").optional(),
  displayName: name("Display name").optional(),
  username: username.optional(),
  email: z.string().trim().toLowerCase().email("Please enter a valid email address").optional(),
  skillLevel: z.enum(skillLevels, { errorMap: () => ({ message: "Skill level must be beginner, intermediate or expert" }) }).optional(),
  bio: z
    .string()
    .trim()
    .max(1000, "Bio must be at most 1000 characters")
    .nullish()
    .transform((value) => (value ? value : null)),
  interests: interests.optional(),
  /** An upload of kind avatar (POST /api/uploads), or null to remove the avatar (docs/uploads.md). */
  avatarUploadId: z.string({ invalid_type_error: "avatarUploadId must be an upload id or null" }).max(100).nullable().optional(),
  /** 'Allow private messages from other members' (docs/messages.md). */
  allowPrivateMessages: z.boolean({ invalid_type_error: "allowPrivateMessages must be true or false" }).optional(),
  /** Needed only when `email` changes (docs/permissions.md). */
  currentPassword: z.string({ invalid_type_error: "Current password must be text" }).max(1000).optional(),
});

/** The members page's GET form: search over first name and e-mail, the skill filter, the page and the leaderboard period. */
export const MEMBERS_PAGE_SIZE = 12;
export const skillFilters = ["all", ...skillLevels] as const;
export const directorySearchSchema = z.object({
  q: z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim().slice(0, 100)),
  skill: z
    .string()
    .optional()
    .transform((value) => (skillFilters as readonly string[]).includes(value ?? "") ? (value as (typeof skillFilters)[number]) : "all"),
  page: z
    .union([z.string(), z.number()])
    .optional()
    .transform((value) => {
      const parsed = Number(value);
      return Number.isInteger(parsed) && parsed >= 1 ? Math.min(parsed, 100_000) : 1;
    }),
});
export type DirectorySearch = z.output<typeof directorySearchSchema>;

const requiredName = (label: string) =>
  z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

/** The Edit Profile form (every field sent; names required). Saved through updateProfile, which checks profileSchema. */
export const profileFormSchema = z.object({
  firstName: requiredName("First name"),
  lastName: requiredName("Last name"),
  displayName: requiredName("Display name"),
  /** Left out: the username stays as it is. */
  username: username.optional(),
  skillLevel: z.enum(skillLevels, { errorMap: () => ({ message: "Skill level must be beginner, intermediate or expert" }) }),
  bio: z.string().trim().max(1000, "Bio must be at most 1000 characters").optional(),
  interests: z
    .string()
    .optional()
    .refine((value) => (value ?? "").split(",").filter((item) => item.trim()).length <= 20, "Add at most 20 interests")
    .refine((value) => (value ?? "").split(",").every((item) => item.trim().length <= 40), "Each interest must be at most 40 characters"),
});
