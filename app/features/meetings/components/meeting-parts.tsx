import { Form, useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import type { MeetingView } from "../meetings.server";
import { meetingPaths } from "../paths";

export function Tag({ children, tone = "slate" }: { children: ReactNode; tone?: "slate" | "green" | "indigo" | "amber" | "red" }) {
  const tones = {
    slate: "bg-slate-100 text-slate-700",
    green: "bg-emerald-100 text-emerald-800",
    indigo: "bg-indigo-100 text-indigo-800",
    amber: "bg-amber-100 text-amber-800",
    red: "bg-red-100 text-red-800",
  } as const;
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

/** '60 min' and 'Members Only' / 'Open Meeting'. */
export function MeetingTags({ meeting }: { meeting: MeetingView }) {
  return (
    <>
      <Tag tone="slate">{meeting.duration || 60} min</Tag>
      {meeting.registrationRequired ? <Tag tone="amber">Members Only</Tag> : <Tag tone="green">Open Meeting</Tag>}
      {meeting.isSeries ? <Tag tone="indigo">Weekly</Tag> : null}
    </>
  );
}

const buttonBase = "inline-flex items-center justify-center gap-1 rounded-md px-3 py-2 text-sm font-semibold shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-500";
export const primaryButton = `${buttonBase} bg-indigo-600 text-white hover:bg-indigo-700 disabled:opacity-70`;
export const secondaryButton = `${buttonBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:opacity-70`;

/** The Join button: through /meetings/:id/join (records attendance), in a new tab. */
export function JoinLink({ meeting, label = "Join Meeting" }: { meeting: MeetingView; label?: string }) {
  if (!meeting.hasJoinLink) return null;
  return (
    <a href={meetingPaths.join(meeting.id)} target="_blank" rel="noopener noreferrer" className={primaryButton}>
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
  const fetcher = useFetcher({ key: `meeting-registration-${meeting.id}` });
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
  /** SPEC's Next Meeting card offers Register whenever a registration link exists. */
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
        <button type="submit" className={secondaryButton} disabled={pendingIntent === "cancel"}>
          Register
        </button>
      </fetcher.Form>
    );
  }
  return (
    <>
      <Tag tone="green">✓ Registered</Tag>
      {meeting.registrationUrl ? (
        <a href={meeting.registrationUrl} target="_blank" rel="noopener noreferrer" className={secondaryButton}>
          Registration page<span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
      {meeting.hasAttended ? null : (
        <fetcher.Form method="post" action={meetingPaths.list} className="inline">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="meetingId" value={meeting.id} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <button type="submit" className="text-sm font-medium text-slate-600 underline hover:text-slate-900" disabled={pendingIntent === "register"}>
            Cancel registration
          </button>
        </fetcher.Form>
      )}
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

/**
 * A button that opens a dialog with JavaScript and, without it, is a GET form to the page
 * doing the same job (the schedule form, the edit form, the delete confirmation).
 */
export function DialogTrigger({
  to,
  params,
  onOpen,
  className,
  label,
  title,
  children,
}: {
  to: string;
  params?: Record<string, string>;
  onOpen?: () => void;
  className: string;
  label?: string;
  title?: string;
  children: ReactNode;
}) {
  return (
    <Form method="get" action={to} className="inline">
      {Object.entries(params ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        aria-label={label}
        title={title}
        className={className}
        onClick={
          onOpen
            ? (event) => {
                event.preventDefault();
                onOpen();
              }
            : undefined
        }
      >
        {children}
      </button>
    </Form>
  );
}
