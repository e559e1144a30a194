/** Zod schemas of the Platform Settings tab, shared by its forms, its page action and the /api routes. */
import { z } from "zod";
import { isHttpUrl } from "~/utils/url";
import { platforms } from "../../../db/enums";

export const platformNames = platforms;

export const INVALID_URL_MESSAGE = "Enter a full http:// or https:// address, or leave it empty.";

/** An http(s) URL, or empty (which clears the link). */
export const linkUrlSchema = z
  .string({ invalid_type_error: INVALID_URL_MESSAGE })
  .trim()
  .max(2000, "That address is too long (2000 characters at most).")
  .refine((value) => value === "" || isHttpUrl(value), INVALID_URL_MESSAGE);

/** PUT /api/admin/platform-settings/{platform}: url and/or isActive (id and audit fields are ignored). */
export const platformSettingUpdateSchema = z.object({
  url: linkUrlSchema.nullable().optional(),
  isActive: z.boolean({ invalid_type_error: "isActive must be true or false." }).optional(),
});

const footerText = (label: string, max: number, required: boolean) =>
  z
    .string({ invalid_type_error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be ${max} characters or fewer.`)
    .refine((value) => !required || value.length > 0, `${label} is required.`);

const copyrightTemplate = footerText("Copyright text", 200, true);

/**
 * PUT /api/admin/footer-settings: any of the seven fields; id and audit fields are ignored. The
 * copyright line is stored as a template (`{year}` shows the current year): `copyrightTemplate`
 * sets it; `copyrightText`, the older name, sets it too when `copyrightTemplate` is absent, so a
 * GET sent back unchanged changes nothing (docs/admin.md, "API"). The output is the stored columns.
 */
export const footerSettingsUpdateSchema = z
  .object({
    companyName: footerText("Company name", 100, true),
    tagline: footerText("Tagline", 150, false),
    copyrightTemplate,
    copyrightText: copyrightTemplate,
    description: footerText("Description", 1000, false),
    showSocialLinks: z.boolean({ invalid_type_error: "showSocialLinks must be true or false." }),
    showSupportLinks: z.boolean({ invalid_type_error: "showSupportLinks must be true or false." }),
    isActive: z.boolean({ invalid_type_error: "isActive must be true or false." }),
  })
  .partial()
  .transform(({ copyrightTemplate: template, copyrightText, ...changes }) => {
    const stored = template ?? copyrightText;
    return stored === undefined ? changes : { ...changes, copyrightText: stored };
  });
export type FooterSettingsUpdate = z.output<typeof footerSettingsUpdateSchema>;

/** A form checkbox is "on" when ticked and absent otherwise. */
const isTicked = (formData: FormData, name: string) => formData.get(name) === "on";
const textOf = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

/** The Platform Settings row form → the update payload (url, isActive). */
export function platformFormToInput(formData: FormData) {
  return { url: textOf(formData, "url"), isActive: isTicked(formData, "isActive") };
}

/** The footer form → the update payload (all seven fields; the copyright line as its template). */
export function footerFormToInput(formData: FormData): Omit<Record<keyof z.input<typeof footerSettingsUpdateSchema>, string | boolean>, "copyrightText"> {
  return {
    companyName: textOf(formData, "companyName"),
    tagline: textOf(formData, "tagline"),
    copyrightTemplate: textOf(formData, "copyrightTemplate"),
    description: textOf(formData, "description"),
    showSocialLinks: isTicked(formData, "showSocialLinks"),
    showSupportLinks: isTicked(formData, "showSupportLinks"),
    isActive: isTicked(formData, "isActive"),
  };
}
