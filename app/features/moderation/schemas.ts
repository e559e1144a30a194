/** The moderation feature's zod schemas (server only): suspensions (reports have theirs in features/reports). */
import { z } from "zod";
import { REASON_MAX_LENGTH, restrictionKinds, suspensionDays, UNTIL_LIFTED } from "./constants";

const chooseKind = "Choose suspend or silence.";
const chooseDuration = "Choose a duration: 1, 7 or 30 days, or until lifted.";

export const suspensionSchema = z.object({
  kind: z.enum(restrictionKinds, { errorMap: () => ({ message: chooseKind }) }),
  // JSON sends 1 | 7 | 30 | null; the form sends "1" | "7" | "30" | "until-lifted".
  days: z.preprocess(
    (value) => (value === UNTIL_LIFTED ? null : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value),
    z.union([z.literal(suspensionDays[0]), z.literal(suspensionDays[1]), z.literal(suspensionDays[2]), z.null()], {
      errorMap: () => ({ message: chooseDuration }),
    }),
  ),
  reason: z
    .string({ required_error: "Give a reason: the member sees it.", invalid_type_error: "Give a reason: the member sees it." })
    .trim()
    .min(1, "Give a reason: the member sees it.")
    .max(REASON_MAX_LENGTH, `Keep the reason to ${REASON_MAX_LENGTH} characters or fewer.`),
});
export type SuspensionInput = z.infer<typeof suspensionSchema>;
