import { Link } from "@remix-run/react";
import type { MeetingView } from "../meetings.server";
import { meetingPaths } from "../paths";
import { TimeZoneScript } from "./time-zone-script";
import { AddToCalendarLink, AttendeeCount, JoinLink, MeetingTags, RegistrationControls, Tag } from "./meeting-parts";

/**
 * The first upcoming meeting: 'Next Weekly Meeting' on the dashboard, 'Next Meeting' on
 * /meetings. 'Live Soon', duration, access tag, description, date and time (zone named),
 * the count, and Join Meeting / Register when they apply.
 */
export function NextMeetingCard({
  meeting,
  title = "Next Weekly Meeting",
  returnTo = "/",
  timeZone,
}: {
  meeting: MeetingView | null;
  title?: string;
  returnTo?: string;
  /** The zone the card was rendered in (from loadNextMeetingCard): pass it on the dashboard so the browser's zone is learnt there too. */
  timeZone?: string;
}) {
  const headingId = title === "Next Meeting" ? "next-meeting-heading" : "next-weekly-meeting-heading";
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-indigo-200 bg-gradient-to-br from-indigo-50 to-white p-5 shadow-sm" data-testid="next-meeting-card">
      {timeZone ? <TimeZoneScript renderedTimeZone={timeZone} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {meeting ? <Tag tone="red">Live Soon</Tag> : null}
      </div>
      {meeting ? (
        <div className="mt-3 space-y-3">
          <h3 className="text-xl font-bold text-slate-900">{meeting.title}</h3>
          <div className="flex flex-wrap gap-2">
            <MeetingTags meeting={meeting} />
          </div>
          {meeting.description ? <p className="whitespace-pre-line text-slate-700">{meeting.description}</p> : null}
          <dl className="grid gap-1 text-sm text-slate-700 sm:grid-cols-3">
            <div>
              <dt className="sr-only">Date</dt>
              <dd>
                <time dateTime={meeting.scheduledAt}>{meeting.longDate}</time>
              </dd>
            </div>
            <div>
              <dt className="sr-only">Time</dt>
              <dd>{meeting.time}</dd>
            </div>
            <div>
              <dt className="sr-only">Registered</dt>
              <dd>
                <AttendeeCount meeting={meeting} suffix="registered" />
              </dd>
            </div>
          </dl>
          <div className="flex flex-wrap items-center gap-2">
            <JoinLink meeting={meeting} label="Join Meeting" />
            <RegistrationControls meeting={meeting} returnTo={returnTo} isOfferedWithLinkOnly={title === "Next Meeting"} />
            <AddToCalendarLink meeting={meeting} />
          </div>
        </div>
      ) : (
        <p className="mt-3 text-slate-600">
          No upcoming meetings.{" "}
          <Link to={meetingPaths.list} className="font-medium text-indigo-700 hover:underline">
            See past meetings
          </Link>
        </p>
      )}
    </section>
  );
}
