/**
 * What the mail-sending process of a box runs (docs/decisions/0074-mail-outbox.md): the outbox's
 * sender and the scheduler with the periodic mail jobs, which live with their features. The
 * cluster's mail worker (server/mail-worker.ts, its own small bundle without React or the Remix
 * build: docs/decisions/0089-mail-worker-entry.md) and the single process of WEB_CONCURRENCY=1
 * (entry.server.tsx) both start it from here; with MAIL_WORKER=false a box starts none. Several
 * boxes may each run one on the same database: each message is sent once and each job's period runs
 * once (docs/decisions/0110-background-work-once.md). Above the features it starts, like
 * startup.server.ts; nothing in it may import a component or a route.
 */
import { hasDueReplyMail, sendDueReplyMail } from "./features/discussions/reply-mail.server";
import { hasDigestsToSend, sendWeeklyDigests } from "./features/discussions/weekly-digest.server";
import { hasSentMailToSweep, sweepSentMail } from "./features/mail/outbox.server";
import { startMailScheduler, stopMailScheduler, type ScheduledJob } from "./features/mail/scheduler.server";
import { startMailSender, stopMailSender } from "./features/mail/sender.server";
import { hasDueMessageMail, sendDueMessageMail } from "./features/conversations/message-mail.server";
import { hasDueMeetingReminders, sendMeetingReminders } from "./features/meetings/reminders.server";
import { getEnv } from "./utils/env.server";

/** The periodic jobs of the mail worker (docs/accounts.md, "Notification e-mails"); their names are rows of `scheduled_jobs`. */
export const scheduledMailJobs: ScheduledJob[] = [
  { name: "reply e-mails", intervalMs: 10_000, hasWork: hasDueReplyMail, run: sendDueReplyMail },
  { name: "private-message e-mails", intervalMs: 10_000, hasWork: hasDueMessageMail, run: sendDueMessageMail },
  { name: "meeting reminders", intervalMs: 60_000, hasWork: hasDueMeetingReminders, run: sendMeetingReminders },
  { name: "weekly digest", intervalMs: 5 * 60_000, hasWork: hasDigestsToSend, run: sendWeeklyDigests },
  { name: "sent mail sweep", intervalMs: 60 * 60_000, hasWork: hasSentMailToSweep, run: sweepSentMail },
];

/** Whether this box runs a mail worker (MAIL_WORKER, default true). */
export function isMailWorkerOn(): boolean {
  return getEnv().MAIL_WORKER;
}

/** Starts the outbox's sender and the mail jobs in this process (the database is open); nothing with MAIL_WORKER=false. */
export function startMailDelivery() {
  if (!isMailWorkerOn()) return;
  startMailSender();
  startMailScheduler(scheduledMailJobs);
}

/** Stops the jobs and the sender, waiting briefly for a message being sent; call before closing the database. */
export async function stopMailDelivery(): Promise<void> {
  await Promise.all([stopMailScheduler(), stopMailSender()]);
}
