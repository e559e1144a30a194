/**
 * The HTML constraints of the meeting forms (edit, and create with repeatWeeks), as plain data so
 * the browser needs no zod (decision 0066). Equal to `getZodConstraint(meetingFormSchema /
 * createMeetingFormSchema)`: constraints.test.ts checks it.
 */
import type { FormConstraints } from "~/components/ui/use-server-form";
import { MAX_DURATION, MAX_REPEAT_WEEKS, MIN_DURATION } from "./constants";

export const meetingConstraints = {
  title: { required: true, minLength: 1, maxLength: 200 },
  description: { required: false, maxLength: 5000 },
  scheduledAt: { required: true, minLength: 1 },
  timeZone: { required: false, maxLength: 64 },
  duration: { required: true, min: MIN_DURATION, max: MAX_DURATION },
  joinZoomUrl: { required: false, maxLength: 2000 },
  registrationZoomUrl: { required: false, maxLength: 2000 },
  replayZoomUrl: { required: false, maxLength: 2000 },
  registrationRequired: { required: true },
} satisfies FormConstraints;

export const createMeetingConstraints = {
  ...meetingConstraints,
  repeatWeeks: { required: true, min: 1, max: MAX_REPEAT_WEEKS },
} satisfies FormConstraints;
