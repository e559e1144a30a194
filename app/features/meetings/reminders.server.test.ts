import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { setMailPreference } from "~/features/mail/preferences.server";
import { readDb, schema, write } from "~/utils/db.server";
import { createMember } from "~/test/factories";
import { registerForMeeting } from "./meetings.server";
import { REMINDER_LEAD_MS, sendMeetingReminders } from "./reminders.server";
import { run, restartDatabase } from "~/test/db";

const HOUR = 3_600_000;

async function createMeeting(scheduledAt: Date, overrides: Partial<typeof schema.meetings.$inferInsert> = {}) {
  return (await write((tx) => tx
    .insert(schema.meetings)
    .values({ title: "Prompt clinic", scheduledAt, duration: 45, joinZoomUrl: "https://zoom.example.com/j/1", ...overrides })
    .returning()))[0];
}

async function remindersTo(email: string) {
  const { mailOutbox } = schema;
  return readDb()
    .select({ subject: mailOutbox.subject, text: mailOutbox.text, headers: mailOutbox.headers })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "meeting_reminders")))
    .orderBy(mailOutbox.id);
}

beforeEach(async () => {
  // Meetings of earlier tests are over: only this test's meetings are due.
  await run(`DELETE FROM meetings`);
});

describe("meeting reminders", () => {
  it("reminds each registered member once, about 24 hours before, even across restarts", async () => {
    const now = new Date("2026-11-23T18:00:00Z");
    const member = await createMember();
    const other = await createMember();
    const notRegistered = await createMember();
    const meeting = await createMeeting(new Date(now.getTime() + 30 * HOUR));
    await registerForMeeting({ userId: member.id, meetingId: meeting.id, now });
    await registerForMeeting({ userId: other.id, meetingId: meeting.id, now });

    // Thirty hours before: too early.
    expect(await sendMeetingReminders(now)).toBe(0);
    const due = new Date(meeting.scheduledAt.getTime() - REMINDER_LEAD_MS + 60_000);
    expect(await sendMeetingReminders(due)).toBe(2);
    const [mail] = await remindersTo(member.email);
    expect(mail.subject).toBe('Reminder: "Prompt clinic", Nov 25, 2026 at 12:00 AM UTC');
    expect(mail.text).toContain("it starts on Wednesday, November 25, 2026 at 12:00 AM UTC and lasts 45 minutes");
    expect(mail.text).toContain(`http://localhost:3000/meetings/${meeting.id}/join`);
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(await remindersTo(notRegistered.email)).toHaveLength(0);

    // The next minute, and after a restart: nothing more.
    expect(await sendMeetingReminders(new Date(due.getTime() + 60_000))).toBe(0);
    await restartDatabase(); // the process stops and starts again
    expect(await sendMeetingReminders(new Date(due.getTime() + 2 * 60_000))).toBe(0);
    expect(await remindersTo(member.email)).toHaveLength(1);
    expect(await remindersTo(other.email)).toHaveLength(1);
  });

  it("names the meeting's time in COMMUNITY_TIMEZONE", async () => {
    const now = new Date("2026-07-01T10:00:00Z");
    const member = await createMember();
    const meeting = await createMeeting(new Date("2026-07-02T08:00:00Z"), { title: "Zoned" });
    await registerForMeeting({ userId: member.id, meetingId: meeting.id, now });
    await sendMeetingReminders(now);
    expect((await remindersTo(member.email))[0].subject).toBe('Reminder: "Zoned", Jul 2, 2026 at 8:00 AM UTC');
  });

  it("reminds again when the meeting moves to another time, and not for a meeting about to start", async () => {
    const now = new Date("2026-11-23T18:00:00Z");
    const member = await createMember();
    const meeting = await createMeeting(new Date(now.getTime() + 20 * HOUR), { title: "Moved" });
    const soon = await createMeeting(new Date(now.getTime() + 10 * 60_000), { title: "Soon" });
    await registerForMeeting({ userId: member.id, meetingId: meeting.id, now });
    await registerForMeeting({ userId: member.id, meetingId: soon.id, now });
    expect(await sendMeetingReminders(now)).toBe(1);
    await run(`UPDATE meetings SET scheduled_at = ? WHERE id = ?`, now.getTime() + 22 * HOUR, meeting.id);
    expect(await sendMeetingReminders(new Date(now.getTime() + 60_000))).toBe(1);
    expect((await remindersTo(member.email)).map((mail) => mail.subject.split(",")[0])).toEqual(['Reminder: "Moved"', 'Reminder: "Moved"']);
  });

  it("sends nothing to a member who switched reminders off; an unverified address gets its reminder", async () => {
    const now = new Date("2026-11-23T18:00:00Z");
    const optedOut = await createMember();
    const unverified = await createMember({ emailVerifiedAt: null });
    const meeting = await createMeeting(new Date(now.getTime() + 2 * HOUR));
    await setMailPreference(optedOut.id, "meeting_reminders", false);
    await registerForMeeting({ userId: optedOut.id, meetingId: meeting.id, now });
    await registerForMeeting({ userId: unverified.id, meetingId: meeting.id, now });
    expect(await sendMeetingReminders(now)).toBe(1);
    expect(await remindersTo(optedOut.email)).toHaveLength(0);
    expect(await remindersTo(unverified.email)).toHaveLength(1);
  });
});
