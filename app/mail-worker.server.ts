/**
 * What the one mail-sending process of a server runs (docs/decisions/0074-mail-outbox.md): the
 * outbox's sender and the scheduler with the notification-mail jobs, which live with their
 * features. The cluster's mail worker (server/mail-worker.ts, its own small bundle without React
 * or the Remix build: docs/decisions/0089-mail-worker-entry.md) and the single process of
 * WEB_CONCURRENCY=1 (entry.server.tsx) both start it from here. Above the features it starts,
 * like startup.server.ts; nothing in it may import a component or a route.
 */
import { startMailSender, stopMailSender } from "./features/mail/sender.server";
import { startMailScheduler, stopMailScheduler, type ScheduledMailJob } from "./features/mail/scheduler.server";
import { sendDueReplyMail } from "./features/discussions/reply-mail.server";
import { sendDueMessageMail } from "./features/conversations/message-mail.server";
import { sendWeeklyDigests } from "./features/discussions/weekly-digest.server";
import { sendMeetingReminders } from "./features/meetings/reminders.server";

/** The notification-mail jobs run beside the sender (docs/accounts.md, "Notification e-mails"). */
const scheduledMailJobs: ScheduledMailJob[] = [
  { name: "reply e-mails", intervalMs: 10_000, run: sendDueReplyMail },
  { name: "private-message e-mails", intervalMs: 10_000, run: sendDueMessageMail },
  { name: "meeting reminders", intervalMs: 60_000, run: sendMeetingReminders },
  { name: "weekly digest", intervalMs: 5 * 60_000, run: sendWeeklyDigests },
];

/** Starts the outbox's sender and the notification-mail jobs in this process (the database is open). */
export function startMailDelivery() {
  startMailSender();
  startMailScheduler(scheduledMailJobs);
}

/** Stops the jobs and the sender, waiting briefly for a message being sent; call before closing the database. */
export async function stopMailDelivery(): Promise<void> {
  await Promise.all([stopMailScheduler(), stopMailSender()]);
}
