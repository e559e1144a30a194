/**
 * The mail scheduler: runs the notification-mail jobs (batched reply e-mails, meeting reminders,
 * the weekly digest; docs/accounts.md, "Notification e-mails") in the one process that runs the
 * mail sender (docs/decisions/0074-mail-outbox.md), so each job runs once per server. Each job is a
 * function of `now` that enqueues through the outbox and records what it sent in the same
 * transaction; it only reads while nothing is due, so it does not disturb the page cache. A job may
 * be async (units of work, docs/decisions/0102-async-data-layer.md): a run still going when its next
 * turn comes is not started twice, and a rejected run is logged like a thrown one.
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
/** The async runs not finished yet, one per job at most. */
const running = new Map<ScheduledMailJob, Promise<void>>();

/** Starts every job on its own interval (idempotent; the first run comes after one interval). */
export function startMailScheduler(jobs: ScheduledMailJob[]) {
  if (timers.length > 0) return;
  timers = jobs.map((job) => {
    const timer = setInterval(() => {
      if (running.has(job)) return;
      try {
        const result = job.run(new Date());
        if (result instanceof Promise) {
          const run = result.then(
            () => undefined,
            (error: unknown) => logServerError(error),
          );
          running.set(job, run);
          void run.finally(() => running.delete(job));
        }
      } catch (error) {
        logServerError(error);
      }
    }, job.intervalMs);
    timer.unref();
    return timer;
  });
}

/** Stops the jobs; resolves once the async runs under way have ended (none is half done then). */
export function stopMailScheduler(): Promise<void> {
  for (const timer of timers) clearInterval(timer);
  timers = [];
  return Promise.all(running.values()).then(() => undefined);
}
