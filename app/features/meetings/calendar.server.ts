/** The meetings calendar: the subscribable feed of upcoming meetings and one meeting's file. */
import { getEnv } from "~/utils/env.server";
import { routes } from "~/utils/routes";
import { buildCalendar, type CalendarEvent } from "./ics";
import { endOf, getMeeting, listUpcomingMeetings, type MeetingRecord } from "./meetings.server";

function toEvent(meeting: MeetingRecord, origin: string, now: Date): CalendarEvent {
  const host = new URL(origin).hostname || "quads";
  return {
    uid: `meeting-${meeting.id}@${host}`,
    start: meeting.scheduledAt,
    end: endOf(meeting),
    summary: meeting.title,
    description: meeting.description,
    // The meetings page, not the join link: the feed can be read without signing in.
    url: `${origin}${routes.meetings}#meeting-${meeting.id}`,
    stamp: now,
    created: meeting.createdAt,
  };
}

/** The .ics text of every upcoming meeting. */
export async function buildMeetingsFeed({ origin, now = new Date() }: { origin: string; now?: Date }): Promise<string> {
  const name = `${getEnv().COMMUNITY_NAME} Weekly Meetings`;
  return buildCalendar({ name, events: (await listUpcomingMeetings({ now })).map((meeting) => toEvent(meeting, origin, now)) });
}

/** The .ics text of one meeting (404 AppError when it does not exist). */
export async function buildMeetingCalendar({ id, origin, now = new Date() }: { id: number; origin: string; now?: Date }): Promise<string> {
  const meeting = await getMeeting(id);
  return buildCalendar({ name: meeting.title, events: [toEvent(meeting, origin, now)] });
}

/** The response headers of a calendar download. */
export function calendarHeaders(fileName: string): HeadersInit {
  return {
    "Content-Type": "text/calendar; charset=utf-8",
    "Content-Disposition": `inline; filename="${fileName}"`,
    "Cache-Control": "private, max-age=300",
  };
}
