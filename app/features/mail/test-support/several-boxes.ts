/**
 * Background work on several boxes sharing one database (docs/decisions/0110-background-work-once.md),
 * with real processes and a real SMTP server counting what it received: run on SQLite
 * (several-boxes.server.test.ts: several processes on one file) and on PostgreSQL
 * (several-boxes.server.pg.test.ts: the case of several boxes). Each "box" is a child process
 * (mail-box-process.ts, or the real mail worker server/mail-worker.ts) on the test file's database.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createActor, createTestPost } from "~/features/discussions/test-helpers";
import { createReply } from "~/features/discussions/replies.server";
import { registerForMeeting } from "~/features/meetings/meetings.server";
import { REMINDER_LEAD_MS } from "~/features/meetings/reminders.server";
import { rows, run, scalar } from "~/test/db";
import { readDb, schema, write } from "~/utils/db.server";
import { enqueueMail } from "../outbox.server";
import { setMailPreference } from "../preferences.server";
import { deliverAllTo, startTestSmtpServer, type TestSmtpServer } from "../test-helpers";

const boxScript = path.resolve("app/features/mail/test-support/mail-box-process.ts");
const mailWorkerScript = path.resolve("server/mail-worker.ts");

type Box = { child: ChildProcess; ready: Promise<void>; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>; output: () => string; go(): void };

const started: Box[] = [];

/** A child process on this test file's database (its environment: DATABASE_URL and the test configuration). */
function startBox(script: string, args: string[], env: Record<string, string> = {}): Box {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "inherit"] });
  let output = "";
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes("ready\n")) markReady();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  const box: Box = { child, ready, exited, output: () => output, go: () => child.stdin!.write("go\n") };
  started.push(box);
  return box;
}

/** Starts boxes and lets them go at the same moment, once each has opened the database. */
async function startTogether(boxes: Box[]) {
  await Promise.all(boxes.map((box) => box.ready));
  for (const box of boxes) box.go();
}

async function stopBox(box: Box, signal: NodeJS.Signals = "SIGTERM") {
  if (box.child.exitCode === null && box.child.signalCode === null) box.child.kill(signal);
  return box.exited;
}

async function drainOutbox() {
  await run(`UPDATE mail_outbox SET status = 'sent' WHERE status = 'pending'`);
}

async function outboxOf(subjectPrefix: string) {
  return rows<{ subject: string; status: string; attempts: number }>(
    `SELECT subject AS "subject", status AS "status", attempts AS "attempts" FROM mail_outbox WHERE subject LIKE ? ORDER BY id`,
    `${subjectPrefix}%`,
  );
}

function subjectsReceived(smtp: TestSmtpServer, prefix: string): string[] {
  return smtp.received.map((mail) => mail.subject ?? "").filter((subject) => subject.startsWith(prefix));
}

function toRecipients(smtp: TestSmtpServer, subjectPrefix: string): string[] {
  return smtp.received.filter((mail) => (mail.subject ?? "").startsWith(subjectPrefix)).map((mail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text ?? "");
}

/**
 * The suite. `withJobs`: also the mail jobs run by two processes at once (PostgreSQL, where they
 * run on several boxes; on SQLite the one write lock serializes their units and the single-process
 * tests beside the jobs cover their markers).
 */
export function severalBoxesTests({ withJobs }: { withJobs: boolean }) {
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((box) => stopBox(box, "SIGKILL")));
    smtp.hangAfter = undefined;
    smtp.mode = "accept";
  });
  afterAll(async () => {
    await smtp.close();
  });

  describe("the outbox with a sender on every box", () => {
    it("sends each message once with three senders running (counted at the SMTP server)", async () => {
      await drainOutbox();
      const senders = [0, 1, 2].map(() => startBox(boxScript, ["sender", smtp.url, "300000", "90000", "20000"]));
      await startTogether(senders);
      const count = 60;
      for (let index = 0; index < count; index += 1) {
        await enqueueMail({ to: `reader-${index}@example.com`, subject: `Three senders ${index}`, kind: "test", text: "t", html: "<p>t</p>" });
      }
      await vi.waitFor(async () => expect((await outboxOf("Three senders")).every((row) => row.status === "sent")).toBe(true), { timeout: 45_000, interval: 200 });
      // A little longer: a second copy would arrive now.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const received = subjectsReceived(smtp, "Three senders");
      expect(received).toHaveLength(count);
      expect(new Set(received).size).toBe(count);
      expect((await outboxOf("Three senders")).every((row) => row.attempts === 1)).toBe(true);
      for (const sender of senders) expect(await stopBox(sender)).toEqual({ code: 0, signal: null });
    }, 90_000);

    it("a sender killed mid-batch: another sends what it had claimed once the lease is over, and nothing twice", async () => {
      await drainOutbox();
      for (let index = 0; index < 6; index += 1) {
        await enqueueMail({ to: `killed-${index}@example.com`, subject: `Killed box ${index}`, kind: "test", text: "t", html: "<p>t</p>" });
      }
      // The SMTP server takes two messages, then never answers the third: the box is killed in the middle of that send.
      smtp.hangAfter = smtp.received.length + 2;
      const leaseMs = 6_000;
      const doomed = startBox(boxScript, ["sender", smtp.url, String(leaseMs), "1000", "60000"]);
      await startTogether([doomed]);
      await vi.waitFor(() => expect(smtp.hanging).toBeGreaterThan(0), { timeout: 30_000, interval: 50 });
      expect(await stopBox(doomed, "SIGKILL")).toMatchObject({ signal: "SIGKILL" });
      smtp.hangAfter = undefined;
      expect(subjectsReceived(smtp, "Killed box")).toEqual(["Killed box 0", "Killed box 1"]);
      const left = await outboxOf("Killed box");
      expect(left.map((row) => row.status)).toEqual(["sent", "sent", "pending", "pending", "pending", "pending"]);

      // The claim's lease ends at the pending rows' next attempt (written by the dead box at its claim).
      const leaseEnds = Number(await scalar(`SELECT min(next_attempt_at) FROM mail_outbox WHERE subject LIKE 'Killed box%' AND status = 'pending'`));
      const survivor = startBox(boxScript, ["sender", smtp.url, String(leaseMs), "1000", "20000"]);
      await startTogether([survivor]);
      // Still the dead box's: not sent before its lease is over (checked when the survivor started early enough to tell).
      if (Date.now() < leaseEnds - 1_000) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        if (Date.now() < leaseEnds - 100) expect(subjectsReceived(smtp, "Killed box")).toHaveLength(2);
      }
      await vi.waitFor(async () => expect((await outboxOf("Killed box")).every((row) => row.status === "sent")).toBe(true), { timeout: 30_000, interval: 200 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(subjectsReceived(smtp, "Killed box").sort()).toEqual(Array.from({ length: 6 }, (_, index) => `Killed box ${index}`));
      // The claimed four were tried a second time (the first claim died with its box).
      expect((await outboxOf("Killed box")).map((row) => row.attempts)).toEqual([1, 1, 2, 2, 2, 2]);
    }, 90_000);

    it("MAIL_WORKER=false: the real mail worker sends nothing and the outbox keeps the message; with it on, the message goes once", async () => {
      await drainOutbox();
      await enqueueMail({ to: "off@example.com", subject: "Mail worker off", kind: "test", text: "t", html: "<p>t</p>" });
      const off = startBox(mailWorkerScript, [], { SMTP_URL: smtp.url, MAIL_WORKER: "false" });
      expect(await off.exited).toEqual({ code: 0, signal: null });
      expect(off.output()).toContain("MAIL_WORKER=false");
      expect(subjectsReceived(smtp, "Mail worker off")).toHaveLength(0);
      expect((await outboxOf("Mail worker off")).map((row) => row.status)).toEqual(["pending"]);
      // The single process of WEB_CONCURRENCY=1 (startMailDelivery) with MAIL_WORKER=false starts no sender either.
      const single = startBox(boxScript, ["delivery"], { SMTP_URL: smtp.url, MAIL_WORKER: "false" });
      await startTogether([single]);
      await new Promise((resolve) => setTimeout(resolve, 2_500)); // a sender polls every second
      expect((await outboxOf("Mail worker off")).map((row) => row.status)).toEqual(["pending"]);
      expect(await stopBox(single)).toEqual({ code: 0, signal: null });

      const on = startBox(mailWorkerScript, [], { SMTP_URL: smtp.url, MAIL_WORKER: "true" });
      await vi.waitFor(async () => expect((await outboxOf("Mail worker off")).map((row) => row.status)).toEqual(["sent"]), { timeout: 30_000, interval: 200 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(subjectsReceived(smtp, "Mail worker off")).toHaveLength(1);
      expect(await stopBox(on)).toEqual({ code: 0, signal: null });
    }, 90_000);
  });

  describe.runIf(withJobs)("the mail jobs with every box running them", () => {
    /** The first Tuesday 15:00 UTC after now: the digest of this week is due (rows are written at the real time). */
    function nextTuesday(): Date {
      const date = new Date();
      date.setUTCHours(15, 0, 0, 0);
      while (date.getUTCDay() !== 2 || date.getTime() <= Date.now()) date.setTime(date.getTime() + 86_400_000);
      return date;
    }

    it("the weekly digest run by two boxes at once goes out once per member; through the schedule only one box runs it", async () => {
      await drainOutbox();
      await run(`DELETE FROM weekly_digests_sent`);
      const author = await createActor({ displayName: "Boxes Author" });
      const post = await createTestPost(author, { title: "Busy on every box" });
      await createReply({ actor: author, postId: post.id, input: { content: "a reply" } });
      const readers = await Promise.all(Array.from({ length: 12 }, () => createActor()));
      for (const reader of readers) await setMailPreference(reader.id, "weekly_digest", true);
      const tuesday = nextTuesday();

      const boxes = [0, 1].map(() => startBox(boxScript, ["job", "weekly digest", String(tuesday.getTime()), "direct"]));
      await startTogether(boxes);
      for (const box of boxes) expect(await box.exited).toEqual({ code: 0, signal: null });
      await deliverAllTo(smtp);
      const recipients = toRecipients(smtp, "This week in Quads: Busy on every box");
      expect(recipients.sort()).toEqual(readers.map((reader) => reader.email).sort());
      const markers = await rows(`SELECT user_id FROM weekly_digests_sent`);
      expect(markers).toHaveLength(readers.length);

      // Next week, through the durable schedule: two boxes at the same moment, one run.
      const nextWeek = new Date(tuesday.getTime() + 7 * 86_400_000);
      const scheduled = [0, 1].map(() => startBox(boxScript, ["job", "weekly digest", String(nextWeek.getTime()), "scheduled"]));
      await startTogether(scheduled);
      await Promise.all(scheduled.map((box) => box.exited));
      const ran = scheduled.map((box) => (JSON.parse(box.output().split("\n").find((line) => line.startsWith("{")) ?? "{}") as { ran?: boolean }).ran);
      expect(ran.filter(Boolean)).toHaveLength(1);
    }, 90_000);

    it("meeting reminders run by two boxes at once: one per member and meeting", async () => {
      await drainOutbox();
      await run(`DELETE FROM meetings`);
      const now = new Date();
      const [meeting] = await write((tx) =>
        tx
          .insert(schema.meetings)
          .values({ title: "Several boxes clinic", scheduledAt: new Date(now.getTime() + REMINDER_LEAD_MS - 60 * 60_000), duration: 30 })
          .returning(),
      );
      const members = await Promise.all(Array.from({ length: 10 }, () => createActor()));
      for (const member of members) await registerForMeeting({ userId: member.id, meetingId: meeting.id, now });

      const boxes = [0, 1].map(() => startBox(boxScript, ["job", "meeting reminders", String(now.getTime()), "direct"]));
      await startTogether(boxes);
      for (const box of boxes) expect(await box.exited).toEqual({ code: 0, signal: null });
      await deliverAllTo(smtp);
      expect(toRecipients(smtp, 'Reminder: "Several boxes clinic"').sort()).toEqual(members.map((member) => member.email).sort());
      const markers = await readDb()
        .select({ userId: schema.meetingRemindersSent.userId })
        .from(schema.meetingRemindersSent)
        .where(and(eq(schema.meetingRemindersSent.meetingId, meeting.id)));
      expect(markers).toHaveLength(members.length);
    }, 90_000);
  });
}
