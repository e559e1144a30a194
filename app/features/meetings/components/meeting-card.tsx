import { Fragment, type ReactNode } from "react";
import type { MeetingView } from "../meetings.server";
import { buttonClass } from "~/components/ui/button";
import { spaced } from "~/components/ui/spaced";
import { DialogTrigger } from "~/components/ui/dialog";
import { meetingPaths } from "../paths";
import { AddToCalendarLink, AttendeeCount, JoinLink, MeetingTags, RegistrationControls, Tag } from "./meeting-parts";

export type ManageHandlers = {
  onEdit: (meeting: MeetingView) => void;
  onDelete: (meeting: MeetingView) => void;
};

const manageActions = [
  { key: "edit", verb: "Edit", icon: "✏️", path: meetingPaths.edit, handler: "onEdit", className: "rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900" },
  { key: "delete", verb: "Delete", icon: "🗑️", path: meetingPaths.remove, handler: "onDelete", className: "rounded-md p-2 text-red-600 hover:bg-red-50 hover:text-red-800" },
] as const;

/** Edit and delete icons: dialogs with JavaScript, the edit page and the confirmation step without. */
export function ManageIcons({ meeting, handlers }: { meeting: MeetingView; handlers?: ManageHandlers }) {
  return (
    <div className="flex gap-1">
      {spaced(
        manageActions.map((action) => (
          <DialogTrigger
            key={action.key}
            to={action.path(meeting.id)}
            onOpen={handlers ? () => handlers[action.handler](meeting) : undefined}
            label={`${action.verb} meeting ${meeting.title}`}
            title={`${action.verb} meeting`}
            className={action.className}
          >
            <span aria-hidden="true">{action.icon}</span>
          </DialogTrigger>
        )),
      )}
    </div>
  );
}

/**
 * A meeting card's frame: title (with the manage icons), then the caller's tags, description, times
 * and buttons. One class (`.meeting-card` in app/tailwind.css), its parts styled by position.
 */
function MeetingCardFrame({ meeting, handlers, canManage, testId, children }: { meeting: MeetingView; handlers?: ManageHandlers; canManage: boolean; testId: string; children: ReactNode }) {
  return (
    <article id={`meeting-${meeting.id}`} aria-labelledby={`meeting-${meeting.id}-title`} className="meeting-card" data-testid={testId}>
      <div>
        <h3 id={`meeting-${meeting.id}-title`}>{meeting.title}</h3>
        {canManage ? <ManageIcons meeting={meeting} handlers={handlers} /> : null}
      </div>
      {children}
    </article>
  );
}

/** A card's description and its date, time and attendance, spaced for text browsers. */
function MeetingAbout({ meeting, count }: { meeting: MeetingView; count: ReactNode }) {
  return (
    <>
      {meeting.description ? <p>{meeting.description}</p> : null}
      <p>
        {spaced([
          <time key="date" dateTime={meeting.scheduledAt}>
            {meeting.longDate}
          </time>,
          <span key="time">{meeting.time}</span>,
          <Fragment key="count">{count}</Fragment>,
        ])}
      </p>
    </>
  );
}

/** An 'Upcoming Meetings' card. */
export function UpcomingMeetingCard({ meeting, handlers, canManage }: { meeting: MeetingView; handlers?: ManageHandlers; canManage: boolean }) {
  return (
    <MeetingCardFrame meeting={meeting} handlers={handlers} canManage={canManage} testId="upcoming-meeting">
      <div>
        {spaced([
          <MeetingTags key="tags" meeting={meeting} />,
          <Tag key="upcoming" tone="indigo">
            Upcoming
          </Tag>,
        ])}
      </div>
      <MeetingAbout meeting={meeting} count={<AttendeeCount meeting={meeting} suffix="attending" />} />
      <div>
        {spaced([
          <JoinLink key="join" meeting={meeting} label="Join" />,
          <RegistrationControls key="registration" meeting={meeting} returnTo={meetingPaths.list} />,
          <AddToCalendarLink key="calendar" meeting={meeting} />,
        ])}
      </div>
    </MeetingCardFrame>
  );
}

/** A 'Past Meetings' card. */
export function PastMeetingCard({ meeting, handlers, canManage }: { meeting: MeetingView; handlers?: ManageHandlers; canManage: boolean }) {
  return (
    <MeetingCardFrame meeting={meeting} handlers={handlers} canManage={canManage} testId="past-meeting">
      <div>
        {spaced([
          <Tag key="duration" tone="slate">
            {meeting.duration || 60} min
          </Tag>,
          <Tag key="completed" tone="green">
            Completed
          </Tag>,
          meeting.hasAttended ? (
            <Tag key="attended" tone="indigo">
              You attended
            </Tag>
          ) : null,
        ])}
      </div>
      <MeetingAbout meeting={meeting} count={<span>{meeting.attendeesCount} attended</span>} />
      {meeting.replayUrl ? (
        <div>
          <a href={meeting.replayUrl} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary")}>
            Watch Replay<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      ) : null}
    </MeetingCardFrame>
  );
}
