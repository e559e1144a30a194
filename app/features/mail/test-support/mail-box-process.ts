/**
 * A separate process for the tests of background work on several boxes (several-boxes.ts): one
 * "box" on the same database as its siblings (DATABASE_URL: a SQLite file or a PostgreSQL
 * database). It opens the database, prints `ready`, waits for `go` on its standard input (so that
 * siblings start at the same moment), then:
 *
 * - `sender <smtpUrl> <leaseMs> <longestSendMs> <smtpTimeoutMs>`: runs the outbox's sender (polling
 *   every 50 ms) until SIGTERM (or SIGKILL, to play a box that dies);
 * - `delivery`: what the single process of WEB_CONCURRENCY=1 starts (`startMailDelivery`: the sender
 *   and the jobs, as MAIL_WORKER says) until SIGTERM;
 * - `job <name> <nowMs> direct|scheduled`: runs one of the mail worker's jobs at `nowMs`, directly
 *   (as two boxes would if the schedule let both run) or through the durable schedule, prints
 *   `{"ran":…}` and exits.
 */
import { createInterface } from "node:readline";
import { scheduledMailJobs, startMailDelivery, stopMailDelivery } from "~/mail-worker.server";
import { closeDb, prepareDatabase } from "~/utils/db.server";
import { runScheduledJob } from "../scheduler.server";
import { startMailSender, stopMailSender } from "../sender.server";
import { createMailTransport } from "../transport.server";

const [mode, ...args] = process.argv.slice(2);

await prepareDatabase();
const go = new Promise<void>((resolve) => {
  createInterface({ input: process.stdin }).on("line", (line) => {
    if (line.trim() === "go") resolve();
  });
});
process.stdout.write("ready\n");
await go;

if (mode === "sender") {
  const [smtpUrl, leaseMs, longestSendMs, smtpTimeoutMs] = args;
  startMailSender({
    pollIntervalMs: 50,
    transport: createMailTransport({ smtpUrl, timeoutMs: Number(smtpTimeoutMs) }),
    leaseMs: Number(leaseMs),
    longestSendMs: Number(longestSendMs),
  });
  process.on("SIGTERM", () => {
    void stopMailSender()
      .then(() => closeDb())
      .then(() => process.exit(0));
  });
} else if (mode === "delivery") {
  startMailDelivery();
  process.on("SIGTERM", () => {
    void stopMailDelivery()
      .then(() => closeDb())
      .then(() => process.exit(0));
  });
} else if (mode === "job") {
  const [name, nowMs, how] = args;
  const job = scheduledMailJobs.find((candidate) => candidate.name === name);
  if (!job) throw new Error(`no job named ${name}`);
  const now = new Date(Number(nowMs));
  let ran = true;
  if (how === "scheduled") ran = await runScheduledJob(job, now);
  else await job.run(now);
  process.stdout.write(`${JSON.stringify({ ran })}\n`);
  // PostgreSQL: the pool would keep the process alive.
  await closeDb();
  process.exit(0);
} else {
  throw new Error("usage: mail-box-process.ts sender <smtpUrl> <leaseMs> <longestSendMs> <smtpTimeoutMs> | delivery | job <name> <nowMs> direct|scheduled");
}
