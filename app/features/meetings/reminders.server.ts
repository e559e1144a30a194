/**
 * Meeting reminders by e-mail (docs/accounts.md, "Notification e-mails"): the mail worker's
 * scheduler runs sendMeetingReminders() every minute; a member registered for a meeting that
 * starts within the next 24 hours (and not within the next 15 minutes, when Join already opens)
 * gets one reminder per meeting occurrence. `meeting_reminders_sent` is keyed by meeting, member
 * and start time and written in the same transaction as the enqueue: a restart never sends a
 * second one, and a meeting moved to another time gets a new one.
 */
import { enqueueNotificationMail, wantsNotificationMailSql } from "~/features/mail/preferences.server";
import { publicUrl } from "~/features/mail/templates.server";
import { getDb, transaction } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { meetingPaths } from "./paths";
import { formatLongDate, formatShortDate, formatTimeWithZone } from "./time";

/** Reminders go this long before the start… */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
/** …and no later than this before it (Join opens then; docs/meetings.md). */
const TOO_LATE_MS = 15 * 60 * 1000;
/** Reminders one run enqueues (the next run goes on). */
const REMINDERS_PER_RUN = 200;

type DueReminder = { meetingId: number; userId: string; scheduledAt: number; title: string; duration: number; joinZoomUrl: string | null };

/** The scheduled job: enqueues the reminders due now; returns how many. */
export function sendMeetingReminders(now = new Date()): number {
  const sqlite = getDb().$client;
  const due = sqlite
    .prepare(
      `SELECT m.id AS meetingId, a.user_id AS userId, m.scheduled_at AS scheduledAt, m.title, m.duration, m.join_zoom_url AS joinZoomUrl
       FROM meetings m JOIN meeting_attendees a ON a.meeting_id = m.id JOIN users u ON u.id = a.user_id
       WHERE m.scheduled_at > ? AND m.scheduled_at <= ? AND ${wantsNotificationMailSql("meeting_reminders", now)}
         AND NOT EXISTS (SELECT 1 FROM meeting_reminders_sent s WHERE s.meeting_id = m.id AND s.user_id = a.user_id AND s.scheduled_at = m.scheduled_at)
       ORDER BY m.scheduled_at LIMIT ${REMINDERS_PER_RUN}`,
    )
    .all(now.getTime() + TOO_LATE_MS, now.getTime() + REMINDER_LEAD_MS) as DueReminder[];
  let sent = 0;
  for (const reminder of due) {
    const isSent = transaction(() => {
      const claimed = sqlite
        .prepare(`INSERT INTO meeting_reminders_sent (meeting_id, user_id, scheduled_at, sent_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`)
        .run(reminder.meetingId, reminder.userId, reminder.scheduledAt, now.getTime());
      return claimed.changes > 0 && enqueueReminder(reminder) !== null;
    });
    if (isSent) sent += 1;
  }
  return sent;
}

function enqueueReminder(reminder: DueReminder): number | null {
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
