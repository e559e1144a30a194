import type { ReactNode } from "react";
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

/** A meeting card's frame: title (and the manage icons), tags, description, date, time and attendance, then the card's actions. */
function MeetingCardFrame({
  meeting,
  handlers,
  canManage,
  testId,
  tags,
  attendance,
  children,
}: {
  meeting: MeetingView;
  handlers?: ManageHandlers;
  canManage: boolean;
  testId: string;
  tags: ReactNode;
  attendance: ReactNode;
  children: ReactNode;
}) {
  return (
    <article id={`meeting-${meeting.id}`} aria-labelledby={`meeting-${meeting.id}-title`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid={testId}>
      <div className="flex items-start justify-between gap-3">
        <h3 id={`meeting-${meeting.id}-title`} className="text-lg font-semibold text-slate-900">
          {meeting.title}
        </h3>
        {canManage ? <ManageIcons meeting={meeting} handlers={handlers} /> : null}
      </div>
      <div className="mt-2 flex flex-wrap gap-2">{tags}</div>
      {meeting.description ? <p className="mt-3 whitespace-pre-line text-slate-700">{meeting.description}</p> : null}
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
        <time dateTime={meeting.scheduledAt}>{meeting.longDate}</time>
        <span>{meeting.time}</span>
        {attendance}
      </p>
      {children}
    </article>
  );
}

/** An 'Upcoming Meetings' card. */
export function UpcomingMeetingCard({ meeting, handlers, canManage }: { meeting: MeetingView; handlers?: ManageHandlers; canManage: boolean }) {
  return (
    <MeetingCardFrame
      meeting={meeting}
      handlers={handlers}
      canManage={canManage}
      testId="upcoming-meeting"
      tags={
        <>
          <MeetingTags meeting={meeting} />
          <Tag tone="indigo">Upcoming</Tag>
        </>
      }
      attendance={<AttendeeCount meeting={meeting} suffix="attending" />}
    >
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <JoinLink meeting={meeting} label="Join" />
        <RegistrationControls meeting={meeting} returnTo={meetingPaths.list} />
        <AddToCalendarLink meeting={meeting} />
      </div>
    </MeetingCardFrame>
  );
}

/** A 'Past Meetings' card. */
export function PastMeetingCard({ meeting, handlers, canManage }: { meeting: MeetingView; handlers?: ManageHandlers; canManage: boolean }) {
  return (
    <MeetingCardFrame
      meeting={meeting}
      handlers={handlers}
      canManage={canManage}
      testId="past-meeting"
      tags={
        <>
          <Tag tone="slate">{meeting.duration || 60} min</Tag>
          <Tag tone="green">Completed</Tag>
          {meeting.hasAttended ? <Tag tone="indigo">You attended</Tag> : null}
        </>
      }
      attendance={<span>{meeting.attendeesCount} attended</span>}
    >
      {meeting.replayUrl ? (
        <div className="mt-4">
          <a href={meeting.replayUrl} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary")}>
            Watch Replay<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      ) : null}
    </MeetingCardFrame>
  );
}
