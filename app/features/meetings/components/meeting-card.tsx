import type { MeetingView } from "../meetings.server";
import { buttonClass } from "~/components/ui/button";
import { DialogTrigger } from "~/components/ui/dialog";
import { meetingPaths } from "../paths";
import { AddToCalendarLink, AttendeeCount, JoinLink, MeetingTags, RegistrationControls, Tag } from "./meeting-parts";

export type ManageHandlers = {
  onEdit: (meeting: MeetingView) => void;
  onDelete: (meeting: MeetingView) => void;
};

/** Edit and delete icons: dialogs with JavaScript, the edit page and the confirmation step without. */
export function ManageIcons({ meeting, handlers }: { meeting: MeetingView; handlers?: ManageHandlers }) {
  return (
    <div className="flex gap-1">
      <DialogTrigger
        to={meetingPaths.edit(meeting.id)}
        onOpen={handlers ? () => handlers.onEdit(meeting) : undefined}
        label={`Edit meeting ${meeting.title}`}
        title="Edit meeting"
        className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <span aria-hidden="true">✏️</span>
      </DialogTrigger>
      <DialogTrigger
        to={meetingPaths.remove(meeting.id)}
        onOpen={handlers ? () => handlers.onDelete(meeting) : undefined}
        label={`Delete meeting ${meeting.title}`}
        title="Delete meeting"
        className="rounded-md p-2 text-red-600 hover:bg-red-50 hover:text-red-800"
      >
        <span aria-hidden="true">🗑️</span>
      </DialogTrigger>
    </div>
  );
}

/** An 'Upcoming Meetings' card. */
export function UpcomingMeetingCard({ meeting, handlers, canManage }: { meeting: MeetingView; handlers?: ManageHandlers; canManage: boolean }) {
  return (
    <article id={`meeting-${meeting.id}`} aria-labelledby={`meeting-${meeting.id}-title`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="upcoming-meeting">
      <div className="flex items-start justify-between gap-3">
        <h3 id={`meeting-${meeting.id}-title`} className="text-lg font-semibold text-slate-900">
          {meeting.title}
        </h3>
        {canManage ? <ManageIcons meeting={meeting} handlers={handlers} /> : null}
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        <MeetingTags meeting={meeting} />
        <Tag tone="indigo">Upcoming</Tag>
      </div>
      {meeting.description ? <p className="mt-3 whitespace-pre-line text-slate-700">{meeting.description}</p> : null}
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
        <time dateTime={meeting.scheduledAt}>{meeting.longDate}</time>
        <span>{meeting.time}</span>
        <AttendeeCount meeting={meeting} suffix="attending" />
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <JoinLink meeting={meeting} label="Join" />
        <RegistrationControls meeting={meeting} returnTo={meetingPaths.list} />
        <AddToCalendarLink meeting={meeting} />
      </div>
    </article>
  );
}

/** A 'Past Meetings' card. */
export function PastMeetingCard({ meeting, handlers, canManage }: { meeting: MeetingView; handlers?: ManageHandlers; canManage: boolean }) {
  return (
    <article id={`meeting-${meeting.id}`} aria-labelledby={`meeting-${meeting.id}-title`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="past-meeting">
      <div className="flex items-start justify-between gap-3">
        <h3 id={`meeting-${meeting.id}-title`} className="text-lg font-semibold text-slate-900">
          {meeting.title}
        </h3>
        {canManage ? <ManageIcons meeting={meeting} handlers={handlers} /> : null}
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        <Tag tone="slate">{meeting.duration || 60} min</Tag>
        <Tag tone="green">Completed</Tag>
        {meeting.hasAttended ? <Tag tone="indigo">You attended</Tag> : null}
      </div>
      {meeting.description ? <p className="mt-3 whitespace-pre-line text-slate-700">{meeting.description}</p> : null}
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
        <time dateTime={meeting.scheduledAt}>{meeting.longDate}</time>
        <span>{meeting.time}</span>
        <span>{meeting.attendeesCount} attended</span>
      </p>
      {meeting.replayUrl ? (
        <div className="mt-4">
          <a href={meeting.replayUrl} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary")}>
            Watch Replay<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      ) : null}
    </article>
  );
}
