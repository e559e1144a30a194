/** Zod schemas of the Platform Settings tab, shared by its forms, its page action and the /api routes. */
import { z } from "zod";
import { platforms } from "../../../db/schema";

export const platformNames = platforms;

export const INVALID_URL_MESSAGE = "Enter a full http:// or https:// address, or leave it empty.";

/** An http(s) URL, or empty (which clears the link). */
export const linkUrlSchema = z
  .string({ invalid_type_error: INVALID_URL_MESSAGE })
  .trim()
  .max(2000, "That address is too long (2000 characters at most).")
  .refine((value) => {
    if (value === "") return true;
    try {
      const url = new URL(value);
      return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
    } catch {
      return false;
    }
  }, INVALID_URL_MESSAGE);

/** A form checkbox ("on" / absent) or a JSON boolean. */
const formBoolean = z.preprocess((value) => {
  if (typeof value === "boolean") return value;
  if (value === "on" || value === "true" || value === "1") return true;
  if (value === "false" || value === "0" || value === "off" || value === "" || value === undefined) return false;
  return value;
}, z.boolean({ invalid_type_error: "Must be true or false." }));

/** PUT /api/admin/platform-settings/{platform}: url and/or isActive (id and audit fields are ignored). */
export const platformSettingUpdateSchema = z.object({
  url: linkUrlSchema.nullable().optional(),
  isActive: z.boolean({ invalid_type_error: "isActive must be true or false." }).optional(),
});

/** The row form of the Platform Settings tab (a checkbox is absent when off). */
export const platformSettingFormSchema = z.object({
  platform: z.enum(platforms),
  url: linkUrlSchema.optional().default(""),
  isActive: formBoolean,
});

const footerText = (label: string, max: number, required: boolean) =>
  z
    .string({ invalid_type_error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be ${max} characters or fewer.`)
    .refine((value) => !required || value.length > 0, `${label} is required.`);

const footerFields = {
  companyName: footerText("Company name", 100, true),
  tagline: footerText("Tagline", 150, false),
  copyrightText: footerText("Copyright text", 200, true),
  description: footerText("Description", 1000, false),
};

/** The footer form: all seven fields (checkboxes absent when off). */
export const footerSettingsFormSchema = z.object({
  companyName: z.string().optional().default("").pipe(footerFields.companyName),
  tagline: z.string().optional().default("").pipe(footerFields.tagline),
  copyrightText: z.string().optional().default("").pipe(footerFields.copyrightText),
  description: z.string().optional().default("").pipe(footerFields.description),
  showSocialLinks: formBoolean,
  showSupportLinks: formBoolean,
  isActive: formBoolean,
});

/** PUT /api/admin/footer-settings: any of the seven fields; id and audit fields are ignored. */
export const footerSettingsUpdateSchema = z.object({
  ...footerFields,
  showSocialLinks: z.boolean({ invalid_type_error: "showSocialLinks must be true or false." }),
  showSupportLinks: z.boolean({ invalid_type_error: "showSupportLinks must be true or false." }),
  isActive: z.boolean({ invalid_type_error: "isActive must be true or false." }),
}).partial();
export type FooterSettingsUpdate = z.infer<typeof footerSettingsUpdateSchema>;
