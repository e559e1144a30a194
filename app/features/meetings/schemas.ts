/**
 * The meeting form's zod schema, used by the page actions of the schedule/edit forms
 * (parseWithZod) and the /api routes (whose JSON body is first shaped like the form). The browser
 * gets constants.ts and constraints.ts, never this module (decision 0066).
 */
import { z } from "zod";
import { isHttpUrl } from "~/utils/url";

import { DEFAULT_DURATION, MAX_DURATION, MAX_REPEAT_WEEKS, MIN_DURATION } from "./constants";

export const SCHEDULED_AT_REQUIRED = "Please select a date and time";
export const SCHEDULED_AT_INVALID = "Please enter a valid date and time";
/** Meetings are scheduled within these years; anything else is a typo or a malformed request. */
export const SCHEDULED_YEARS = { first: 2000, last: 2100 } as const;
export const SCHEDULED_AT_OUT_OF_RANGE = `Please choose a date between the years ${SCHEDULED_YEARS.first} and ${SCHEDULED_YEARS.last}`;
export const LINK_INVALID = "Please enter a valid http(s) link (starting with https://)";

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}))?$/i;

/** A `datetime-local` value, or an ISO 8601 date with its zone (the API). */
export function looksLikeDateTime(value: string): boolean {
  const text = value.trim();
  return (LOCAL_DATE_TIME.test(text) || ISO_DATE.test(text)) && !Number.isNaN(new Date(text.replace(" ", "T")).getTime());
}

/** The duration falls back to 60 when the value is missing or unparsable. */
export function toDuration(value: unknown): number {
  if (typeof value === "number") return Number.isFinite(value) ? Math.round(value) : DEFAULT_DURATION;
  if (typeof value !== "string" || value.trim() === "") return DEFAULT_DURATION;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) ? Math.round(parsed) : DEFAULT_DURATION;
}

const optionalLink = z
  .string()
  .trim()
  .max(2000, "Links must be at most 2000 characters")
  .optional()
  .refine((value) => !value || isHttpUrl(value), LINK_INVALID)
  .transform((value) => (value ? value : null));

const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

export const meetingFormSchema = z.object({
  title: z
    .string({ required_error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(200, "Title must be at most 200 characters"),
  description: z
    .string()
    .trim()
    .max(5000, "Description must be at most 5000 characters")
    .optional()
    .transform((value) => value ?? ""),
  /** A `datetime-local` value (read in `timeZone`) or, from the API, an ISO 8601 date. */
  scheduledAt: z
    .string({ required_error: SCHEDULED_AT_REQUIRED })
    .trim()
    .min(1, SCHEDULED_AT_REQUIRED)
    .refine((value) => value === "" || looksLikeDateTime(value), SCHEDULED_AT_INVALID),
  /** The IANA zone the form was shown in; the server checks it. */
  timeZone: z.string().max(64).optional(),
  duration: z.preprocess(
    toDuration,
    z
      .number()
      .int()
      .min(MIN_DURATION, `Duration must be at least ${MIN_DURATION} minutes`)
      .max(MAX_DURATION, `Duration must be at most ${MAX_DURATION} minutes`),
  ),
  joinZoomUrl: optionalLink,
  registrationZoomUrl: optionalLink,
  replayZoomUrl: optionalLink,
  registrationRequired: checkbox,
});

export const createMeetingFormSchema = meetingFormSchema.extend({
  /** 'Repeat weekly for N weeks': 1 is a one-off meeting. */
  repeatWeeks: z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? 1 : Number(value)),
    z
      .number({ invalid_type_error: `Repeat weekly for 1 to ${MAX_REPEAT_WEEKS} weeks` })
      .int(`Repeat weekly for 1 to ${MAX_REPEAT_WEEKS} weeks`)
      .min(1, `Repeat weekly for 1 to ${MAX_REPEAT_WEEKS} weeks`)
      .max(MAX_REPEAT_WEEKS, `Repeat weekly for 1 to ${MAX_REPEAT_WEEKS} weeks`),
  ),
});

export type MeetingFormInput = z.output<typeof meetingFormSchema>;
export type CreateMeetingFormInput = z.output<typeof createMeetingFormSchema>;
