import { useFetcher } from "react-router";
import { useIdleFetcher } from "~/components/ui/idle-fetcher";
import { AppLink } from "~/components/ui/app-link";
import { buttonClass } from "~/components/ui/button";
import { spaced } from "~/components/ui/spaced";
import type { ReactNode } from "react";
import type { MeetingView } from "../meetings.server";
import { meetingPaths } from "../paths";
import { TimeZoneScript } from "./time-zone-script";

/** An idle fetcher on the server (plain form markup), React Router's in the browser (app/components/ui/idle-fetcher.tsx). */
const usePageFetcher: typeof useFetcher = import.meta.env.SSR ? useIdleFetcher : useFetcher;


export function Tag({ children, tone = "slate" }: { children: ReactNode; tone?: "slate" | "green" | "indigo" | "amber" | "red" }) {
  const tones = {
    slate: "bg-slate-100 text-slate-700",
    green: "bg-emerald-100 text-emerald-800",
    indigo: "bg-indigo-100 text-indigo-800",
    amber: "bg-amber-100 text-amber-800",
    red: "bg-red-100 text-red-800",
  } as const;
  // `.pill` (app/tailwind.css): a page of meetings repeats it three times per card.
  return <span className={`pill ${tones[tone]}`}>{children}</span>;
}

/** '60 min' and 'Members Only' / 'Open Meeting'. */
export function MeetingTags({ meeting }: { meeting: MeetingView }) {
  return (
    <>
      {spaced([
        <Tag key="duration" tone="slate">
          {meeting.duration || 60} min
        </Tag>,
        meeting.registrationRequired ? (
          <Tag key="access" tone="amber">
            Members Only
          </Tag>
        ) : (
          <Tag key="access" tone="green">
            Open Meeting
          </Tag>
        ),
        meeting.isSeries ? (
          <Tag key="series" tone="indigo">
            Weekly
          </Tag>
        ) : null,
      ])}
    </>
  );
}

/** The Join button: through /meetings/:id/join (records attendance), in a new tab. */
export function JoinLink({ meeting, label = "Join Meeting" }: { meeting: MeetingView; label?: string }) {
  if (!meeting.hasJoinLink) return null;
  return (
    <a href={meetingPaths.join(meeting.id)} target="_blank" rel="noopener noreferrer" className={buttonClass()}>
      {label}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * The member's registration as the page should show it now: with JavaScript, a register or
 * cancel in flight is shown at once (optimistic), and every card of the meeting agrees because
 * they share the fetcher (keyed by meeting).
 */
export function useRegistrationState(meeting: MeetingView) {
  const fetcher = usePageFetcher({ key: `meeting-registration-${meeting.id}` });
  const pendingIntent = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : null;
  if (pendingIntent === "register" && !meeting.isRegistered) {
    return { fetcher, pendingIntent, isRegistered: true, attendeesCount: meeting.attendeesCount + 1 };
  }
  if (pendingIntent === "cancel" && meeting.isRegistered) {
    return { fetcher, pendingIntent, isRegistered: false, attendeesCount: Math.max(0, meeting.attendeesCount - 1) };
  }
  return { fetcher, pendingIntent, isRegistered: meeting.isRegistered, attendeesCount: meeting.attendeesCount };
}

/**
 * Register / cancel with one click: a plain POST form (works without JavaScript; with it, a
 * fetcher with an optimistic update), then the meeting's own registration page when it has one.
 */
export function RegistrationControls({
  meeting,
  returnTo,
  isOfferedWithLinkOnly = false,
}: {
  meeting: MeetingView;
  returnTo: string;
  /** The Next Meeting card offers Register whenever a registration link exists. */
  isOfferedWithLinkOnly?: boolean;
}) {
  const { fetcher, pendingIntent, isRegistered } = useRegistrationState(meeting);
  const isOffered = meeting.registrationRequired || (isOfferedWithLinkOnly && meeting.registrationUrl !== null);
  if (!meeting.isUpcoming || !isOffered) return null;
  if (!isRegistered) {
    return (
      <fetcher.Form method="post" action={meetingPaths.list} className="inline">
        <input type="hidden" name="intent" value="register" />
        <input type="hidden" name="meetingId" value={meeting.id} />
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" className={buttonClass("secondary")} disabled={pendingIntent === "cancel"}>
          Register
        </button>
      </fetcher.Form>
    );
  }
  return (
    <>
      {spaced([
        <Tag key="registered" tone="green">
          ✓ Registered
        </Tag>,
        meeting.registrationUrl ? (
          <a key="page" href={meeting.registrationUrl} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary")}>
            Registration page<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null,
        meeting.hasAttended ? null : (
          <fetcher.Form key="cancel" method="post" action={meetingPaths.list} className="inline">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="meetingId" value={meeting.id} />
            <input type="hidden" name="returnTo" value={returnTo} />
            <button type="submit" className="text-sm font-medium text-slate-600 underline hover:text-slate-900" disabled={pendingIntent === "register"}>
              Cancel registration
            </button>
          </fetcher.Form>
        ),
      ])}
    </>
  );
}

/** '{n} attending' (or registered / attended), counting a registration in flight. */
export function AttendeeCount({ meeting, suffix }: { meeting: MeetingView; suffix: string }) {
  const { attendeesCount } = useRegistrationState(meeting);
  return (
    <span>
      {attendeesCount} {suffix}
    </span>
  );
}

export function AddToCalendarLink({ meeting }: { meeting: MeetingView }) {
  return (
    <a href={meetingPaths.calendar(meeting.id)} className="text-sm font-medium text-indigo-700 hover:underline" download={`meeting-${meeting.id}.ics`}>
      Add to calendar
    </a>
  );
}

// NextMeetingCard lives here, not in its own module, so the dashboard loads one meetings chunk (next-meeting-card.tsx re-exports it).
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
            {spaced([
              <JoinLink key="join" meeting={meeting} label="Join Meeting" />,
              <RegistrationControls key="registration" meeting={meeting} returnTo={returnTo} isOfferedWithLinkOnly={title === "Next Meeting"} />,
              <AddToCalendarLink key="calendar" meeting={meeting} />,
            ])}
          </div>
        </div>
      ) : (
        <p className="mt-3 text-slate-600">
          No upcoming meetings.{" "}
          <AppLink to={meetingPaths.list} className="font-medium text-indigo-700 hover:underline">
            See past meetings
          </AppLink>
        </p>
      )}
    </section>
  );
}
