/**
 * Meeting reminders by e-mail (docs/accounts.md, "Notification e-mails"): the mail worker's
 * scheduler runs sendMeetingReminders() every minute; a member registered for a meeting that
 * starts within the next 24 hours (and not within the next 15 minutes, when Join already opens)
 * gets one reminder per meeting occurrence. `meeting_reminders_sent` is keyed by meeting, member
 * and start time and written in the same transaction as the enqueue: a restart never sends a
 * second one, and a meeting moved to another time gets a new one.
 */
import { and, asc, eq, gt, lte, notExists, sql } from "drizzle-orm";
import { enqueueNotificationMail, wantsNotificationMail, publicUrl } from "~/features/mail/index.server";
import { readDb, schema, write } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { meetingPaths } from "./paths";
import { formatLongDate, formatShortDate, formatTimeWithZone } from "./time";

/** Reminders go this long before the start… */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
/** …and no later than this before it (Join opens then; docs/meetings.md). */
const TOO_LATE_MS = 15 * 60 * 1000;
/** Reminders one run enqueues (the next run goes on). */
const REMINDERS_PER_RUN = 200;

type DueReminder = { meetingId: number; userId: string; scheduledAt: Date; title: string; duration: number; joinZoomUrl: string | null };

/** Whether a reminder is due now (a read: the mail worker's scheduler claims a run only then). */
export async function hasDueMeetingReminders(now = new Date()): Promise<boolean> {
  return (await listDueReminders(now, 1)).length > 0;
}

/**
 * The scheduled job: enqueues the reminders due now; returns how many. Each reminder's marker row
 * and its enqueue are one unit of work, so runs on several boxes at once, or a run killed halfway
 * and the next one, send each member one reminder per meeting (docs/decisions/0110-background-work-once.md).
 */
export async function sendMeetingReminders(now = new Date()): Promise<number> {
  const due = await listDueReminders(now, REMINDERS_PER_RUN);
  const { meetingRemindersSent } = schema;
  let sent = 0;
  for (const reminder of due) {
    // The claim and the enqueue in one unit (the enqueue is a savepoint of it).
    const isSent = await write(async (tx) => {
      const claimed = await tx
        .insert(meetingRemindersSent)
        .values({ meetingId: reminder.meetingId, userId: reminder.userId, scheduledAt: reminder.scheduledAt, sentAt: now })
        .onConflictDoNothing()
        .returning({ meetingId: meetingRemindersSent.meetingId });
      return claimed.length > 0 && (await enqueueReminder(reminder)) !== null;
    });
    if (isSent) sent += 1;
  }
  return sent;
}

/** The reminders due now (members registered for a meeting starting in the next day, not told yet), soonest first. */
async function listDueReminders(now: Date, limit: number): Promise<DueReminder[]> {
  const db = readDb();
  const { meetingAttendees, meetingRemindersSent, meetings, users } = schema;
  return db
    .select({
      meetingId: meetings.id,
      userId: meetingAttendees.userId,
      scheduledAt: meetings.scheduledAt,
      title: meetings.title,
      duration: meetings.duration,
      joinZoomUrl: meetings.joinZoomUrl,
    })
    .from(meetings)
    .innerJoin(meetingAttendees, eq(meetingAttendees.meetingId, meetings.id))
    .innerJoin(users, eq(users.id, meetingAttendees.userId))
    .where(
      and(
        gt(meetings.scheduledAt, new Date(now.getTime() + TOO_LATE_MS)),
        lte(meetings.scheduledAt, new Date(now.getTime() + REMINDER_LEAD_MS)),
        wantsNotificationMail("meeting_reminders", now),
        notExists(
          db
            .select({ one: sql`1` })
            .from(meetingRemindersSent)
            .where(
              and(
                eq(meetingRemindersSent.meetingId, meetings.id),
                eq(meetingRemindersSent.userId, meetingAttendees.userId),
                eq(meetingRemindersSent.scheduledAt, meetings.scheduledAt),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(meetings.scheduledAt))
    .limit(limit);
}

async function enqueueReminder(reminder: DueReminder): Promise<number | null> {
  const zone = getEnv().COMMUNITY_TIMEZONE;
  const start = new Date(reminder.scheduledAt);
  const when = `${formatLongDate(start, zone)} at ${formatTimeWithZone(start, zone)}`;
  return enqueueNotificationMail({
    user: { id: reminder.userId },
    kind: "meeting_reminders",
    subject: `Reminder: "${reminder.title}", ${formatShortDate(start, zone)} at ${formatTimeWithZone(start, zone)}`,
    content: {
      heading: `"${reminder.title}" is coming up`,
      paragraphs: [
        `You registered for "${reminder.title}": it starts on ${when} and lasts ${reminder.duration} minutes.`,
        reminder.joinZoomUrl
          ? "The link below takes you into the meeting from 15 minutes before the start (earlier, it opens the meetings page)."
          : "The link to join will be on the meetings page before the start.",
        `Add it to your calendar: ${publicUrl(meetingPaths.calendar(reminder.meetingId))}`,
      ],
      action: reminder.joinZoomUrl
        ? { label: "Join the meeting", url: publicUrl(meetingPaths.join(reminder.meetingId)) }
        : { label: "Open the meetings page", url: publicUrl(meetingPaths.list) },
      footnote: "You get this because you registered for this meeting. Changed your mind? Cancel your registration on the meetings page.",
    },
  });
}
