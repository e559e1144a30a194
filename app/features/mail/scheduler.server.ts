/**
 * The mail scheduler: runs the notification-mail jobs (batched reply e-mails, meeting reminders,
 * the weekly digest; docs/accounts.md, "Notification e-mails") in the one process that runs the
 * mail sender (docs/decisions/0074-mail-outbox.md), so each job runs once per server. Each job is a
 * plain function of `now` that enqueues through the outbox and records what it sent in the same
 * transaction; it only reads while nothing is due, so it does not disturb the page cache.
 * Timers are unref'd and stopped with the sender.
 */
import { logServerError } from "~/utils/errors.server";

export type ScheduledMailJob = {
  name: string;
  /** How often it runs. */
  intervalMs: number;
  run(now: Date): unknown;
};

let timers: NodeJS.Timeout[] = [];

/** Starts every job on its own interval (idempotent; the first run comes after one interval). */
export function startMailScheduler(jobs: ScheduledMailJob[]) {
  if (timers.length > 0) return;
  timers = jobs.map((job) => {
    const timer = setInterval(() => {
      try {
        job.run(new Date());
      } catch (error) {
        logServerError(error);
      }
    }, job.intervalMs);
    timer.unref();
    return timer;
  });
}

/** Stops the jobs (they are synchronous: none is half done when this returns). */
export function stopMailScheduler() {
  for (const timer of timers) clearInterval(timer);
  timers = [];
}
