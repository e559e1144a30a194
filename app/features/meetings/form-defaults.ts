import type { MeetingView } from "./meetings.server";

export type MeetingFormDefaults = {
  title?: string;
  description?: string;
  scheduledAt?: string;
  duration?: number | string;
  joinZoomUrl?: string;
  registrationZoomUrl?: string;
  replayZoomUrl?: string;
  registrationRequired?: boolean;
};

/**
 * A meeting's current values as the edit form's defaults (the dialog on /meetings and the edit page).
 * Apart from the form: /meetings loads the form only when its dialog opens (docs/performance.md).
 */
export function meetingFormDefaults(meeting: MeetingView): MeetingFormDefaults {
  return {
    title: meeting.title,
    description: meeting.description,
    scheduledAt: meeting.edit?.scheduledAtLocal,
    duration: meeting.duration,
    joinZoomUrl: meeting.edit?.joinZoomUrl,
    registrationZoomUrl: meeting.edit?.registrationZoomUrl,
    replayZoomUrl: meeting.edit?.replayZoomUrl,
    registrationRequired: meeting.registrationRequired,
  };
}
