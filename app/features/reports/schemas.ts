/** The reports feature's zod schemas (server only): a report and the queue's actions. */
import { z } from "zod";
import { REPORT_NOTE_MAX, reportReasons, reportTargetTypes, resolveActions, WARNING_MAX } from "./constants";

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { errorMap: () => ({ message }) });

export const reportSchema = z.object({
  targetType: choice(reportTargetTypes, "Choose what you are reporting: post, reply, artist_comment, user or message."),
  targetId: z.union([z.string(), z.number()], { errorMap: () => ({ message: "Say which item you are reporting (targetId)." }) }).transform(String).pipe(
    z.string().trim().min(1, "Say which item you are reporting (targetId).").max(100, "That item does not exist."),
  ),
  reason: choice(reportReasons, "Please choose a reason."),
  note: z
    .string({ invalid_type_error: "The note must be text." })
    .trim()
    .max(REPORT_NOTE_MAX, `Keep the note to ${REPORT_NOTE_MAX} characters or fewer.`)
    .optional()
    .default(""),
});

/** The report form's fields (the item comes from the URL). */
export const reportFormSchema = reportSchema.pick({ reason: true, note: true });

export const resolveSchema = z.object({
  action: choice(resolveActions, "Choose an action: dismiss, hide, delete, warn or suspend."),
  message: z.string({ invalid_type_error: "The warning must be text." }).trim().max(WARNING_MAX, `Keep the warning to ${WARNING_MAX} characters or fewer.`).optional().default(""),
  /** With `suspend`: 1, 7, 30 or null (until lifted); the reason is `reason`, or `message` from the queue's form. */
  days: z.unknown().optional(),
  reason: z.string({ invalid_type_error: "The reason must be text." }).optional(),
});

/** The warning form (a message to the author). */
export const warnFormSchema = z.object({
  message: z.string({ required_error: "Write the message the author will get." }).trim().min(1, "Write the message the author will get.").max(WARNING_MAX, `Keep the warning to ${WARNING_MAX} characters or fewer.`),
});
