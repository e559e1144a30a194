/**
 * The scheduler of the mail worker's periodic jobs (batched reply e-mails, meeting reminders, the
 * weekly digest, the outbox's sweep; docs/accounts.md, "Notification e-mails"). Every box that runs
 * a mail worker runs it; each period's run happens on one of them: the durable schedule
 * (`scheduled_jobs`, one row per job) is claimed by `INSERT … ON CONFLICT DO UPDATE … WHERE
 * next_run_at <= now RETURNING`, which moves `next_run_at` one interval on, so a second box that
 * tries the same period changes nothing (docs/decisions/0110-background-work-once.md). The claim is a
 * write, so it is made only when the schedule (a read) says the period is due and the job's own
 * cheap read (`hasWork`) says there is something to do: a quiet community gets no write from the
 * scheduler, and its page cache and live updates stay undisturbed.
 *
 * A job's run must be safe to repeat and to interrupt: each item it sends is claimed in the same
 * unit of work as its enqueue (a marker row per member and period, unique), so a run killed halfway
 * is finished by the next period's run without a duplicate, and a run that outlasts its interval
 * beside another box's run of the next period sends nothing twice. In one process a run still going
 * when its next turn comes is not started twice; a failing run is logged. Timers are unref'd.
 */
import { and, eq, lte } from "drizzle-orm";
import { hostname } from "node:os";
import { readDb, schema, write } from "~/utils/db.server";
import { logServerError } from "~/utils/errors.server";
import { literalLimit } from "~/utils/sql-dialect.server";

export type ScheduledJob = {
  /** Its row in `scheduled_jobs`: stable across releases. */
  name: string;
  /** How often it runs (the period: once per this long across every box). */
  intervalMs: number;
  /** A cheap read: whether a run now would have anything to do (without it, every due period is claimed). */
  hasWork?(now: Date): Promise<boolean>;
  run(now: Date): unknown;
};

/** Who claimed a run, for the operator reading `scheduled_jobs`. */
const claimer = `${hostname()}:${process.pid}`;

/**
 * Claims this period of the job for this process when it is due: true when this process is to run
 * it. At most one claimer per period across every process and box (the upsert's condition is
 * checked under the row's lock; on PostgreSQL a concurrent claim is a serialization failure the unit
 * retries, and then finds the period taken).
 */
export async function claimScheduledRun(job: ScheduledJob, now: Date): Promise<boolean> {
  const { scheduledJobs } = schema;
  const [row] = await readDb().select({ nextRunAt: scheduledJobs.nextRunAt }).from(scheduledJobs).where(eq(scheduledJobs.name, job.name)).limit(literalLimit(1));
  if (row && row.nextRunAt.getTime() > now.getTime()) return false;
  if (job.hasWork && !(await job.hasWork(now))) return false;
  const next = { nextRunAt: new Date(now.getTime() + job.intervalMs), lastClaimedAt: now, lastClaimedBy: claimer };
  const claimed = await write((tx) =>
    tx
      .insert(scheduledJobs)
      .values({ name: job.name, ...next })
      .onConflictDoUpdate({ target: scheduledJobs.name, set: next, setWhere: and(eq(scheduledJobs.name, job.name), lte(scheduledJobs.nextRunAt, now)) })
      .returning({ name: scheduledJobs.name }),
  );
  return claimed.length > 0;
}

/** Runs the job when this process claims its period (claimScheduledRun); whether it ran. */
export async function runScheduledJob(job: ScheduledJob, now = new Date()): Promise<boolean> {
  if (!(await claimScheduledRun(job, now))) return false;
  await job.run(now);
  return true;
}

let timers: NodeJS.Timeout[] = [];
/** The runs not finished yet, one per job at most. */
const running = new Map<ScheduledJob, Promise<void>>();

/** Starts looking at every job on its own interval (idempotent; the first look comes after one interval). */
export function startMailScheduler(jobs: ScheduledJob[]) {
  if (timers.length > 0) return;
  timers = jobs.map((job) => {
    const timer = setInterval(() => {
      if (running.has(job)) return;
      const run = runScheduledJob(job).then(
        () => undefined,
        (error: unknown) => logServerError(error),
      );
      running.set(job, run);
      void run.finally(() => running.delete(job));
    }, job.intervalMs);
    timer.unref();
    return timer;
  });
}

/** Stops the jobs; resolves once the runs under way have ended (none is half done then). */
export function stopMailScheduler(): Promise<void> {
  for (const timer of timers) clearInterval(timer);
  timers = [];
  return Promise.all(running.values()).then(() => undefined);
}
