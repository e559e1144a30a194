import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMember } from "~/test/factories";
import { readDb, schema, write } from "~/utils/db.server";
import { row, run } from "~/test/db";
import {
  cancelRegistration,
  countAttendees,
  createMeetings,
  deleteMeeting,
  getMeeting,
  joinMeeting,
  listPastMeetings,
  listUpcomingMeetings,
  parseMeetingJson,
  registerForMeeting,
  updateMeeting,
} from "./meetings.server";
import { createMeetingFormSchema } from "./schemas";
import { appErrorOf, appErrorOfAsync } from "~/test/errors";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function newAdmin() {
  const admin = await createMember({ role: "admin" });
  return { ...admin, actor: { id: admin.id, email: admin.email } };
}

function input(overrides: Record<string, unknown> = {}) {
  return createMeetingFormSchema.parse({
    title: "Weekly AI Roundup",
    description: "News, tools and research.",
    scheduledAt: new Date(Date.now() + 2 * DAY).toISOString(),
    duration: "60",
    joinZoomUrl: "https://zoom.us/j/123",
    registrationZoomUrl: "https://zoom.us/meeting/register/123",
    registrationRequired: "on",
    ...overrides,
  });
}

describe("meeting form rules", () => {
  it("keeps the duration between 15 and 480, and an unparsable duration becomes 60", () => {
    expect(createMeetingFormSchema.safeParse({ title: "t", scheduledAt: "2026-11-26T18:00", duration: "14" }).success).toBe(false);
    expect(createMeetingFormSchema.safeParse({ title: "t", scheduledAt: "2026-11-26T18:00", duration: "481" }).success).toBe(false);
    expect(createMeetingFormSchema.parse({ title: "t", scheduledAt: "2026-11-26T18:00", duration: "15" }).duration).toBe(15);
    expect(createMeetingFormSchema.parse({ title: "t", scheduledAt: "2026-11-26T18:00", duration: "480" }).duration).toBe(480);
    expect(createMeetingFormSchema.parse({ title: "t", scheduledAt: "2026-11-26T18:00", duration: "abc" }).duration).toBe(60);
    expect(createMeetingFormSchema.parse({ title: "t", scheduledAt: "2026-11-26T18:00" }).duration).toBe(60);
    const tooShort = createMeetingFormSchema.safeParse({ title: "t", scheduledAt: "2026-11-26T18:00", duration: "5" });
    expect(tooShort.error?.flatten().fieldErrors.duration).toEqual(["Duration must be at least 15 minutes"]);
  });

  it("asks for a date and accepts only http(s) links", () => {
    const missingDate = createMeetingFormSchema.safeParse({ title: "t" });
    expect(missingDate.error?.flatten().fieldErrors.scheduledAt).toEqual(["Please select a date and time"]);
    const badDate = createMeetingFormSchema.safeParse({ title: "t", scheduledAt: "next thursday" });
    expect(badDate.error?.flatten().fieldErrors.scheduledAt).toEqual(["Please enter a valid date and time"]);
    const badLink = createMeetingFormSchema.safeParse({ title: "t", scheduledAt: "2026-11-26T18:00", joinZoomUrl: "javascript:alert(1)" });
    expect(badLink.error?.flatten().fieldErrors.joinZoomUrl?.[0]).toMatch(/http\(s\)/);
  });

  it("gives the API the form's defaults: registration required unless told otherwise", () => {
    const parsed = parseMeetingJson({ title: "API", scheduledAt: "2026-11-26T18:00:00.000Z" }, { isCreate: true });
    expect(parsed).toMatchObject({ registrationRequired: true, duration: 60, repeatWeeks: 1 });
    const error = appErrorOf(() => parseMeetingJson({ title: "", duration: 10 }, { isCreate: true }));
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toMatchObject({ title: ["Title is required"], scheduledAt: ["Please select a date and time"] });
  });
});

describe("upcoming and past", () => {
  it("splits meetings around now: upcoming soonest first, past most recent first, at most 5", async () => {
    const { actor } = await newAdmin();
    const now = Date.now();
    for (const offset of [-10, -9, -8, -7, -6, -5, -1, 1, 3]) {
      await createMeetings({ actor, input: input({ title: `split ${offset}`, scheduledAt: new Date(now + offset * HOUR).toISOString() }) });
    }
    const at = new Date(now);
    const upcoming = (await listUpcomingMeetings({ now: at })).filter((meeting) => meeting.title.startsWith("split"));
    expect(upcoming.map((meeting) => meeting.title)).toEqual(["split 1", "split 3"]);
    const past = (await listPastMeetings({ now: at })).filter((meeting) => meeting.title.startsWith("split"));
    expect(past.map((meeting) => meeting.title)).toEqual(["split -1", "split -5", "split -6", "split -7", "split -8"]);
    // Two hours later the next one has become past.
    expect((await listUpcomingMeetings({ now: new Date(now + 2 * HOUR) })).some((meeting) => meeting.title === "split 1")).toBe(false);
  });
});

describe("scheduling", () => {
  it("creates a weekly series in one go, same local time across daylight saving, one notification per member", async () => {
    const { id: adminId, actor } = await newAdmin();
    const member = await createMember();
    const created = await createMeetings({
      actor,
      input: input({ title: "Series", scheduledAt: "2026-10-15T18:00", timeZone: "Europe/Paris", repeatWeeks: "4" }),
    });
    expect(created).toHaveLength(4);
    expect(new Set(created.map((meeting) => meeting.seriesId)).size).toBe(1);
    expect(created[0].seriesId).toBeTruthy();
    // 18:00 in Paris each week: 16:00Z in summer time, 17:00Z after the clocks change on Oct 25.
    expect(created.map((meeting) => meeting.scheduledAt.toISOString())).toEqual([
      "2026-10-15T16:00:00.000Z",
      "2026-10-22T16:00:00.000Z",
      "2026-10-29T17:00:00.000Z",
      "2026-11-05T17:00:00.000Z",
    ]);
    const memberNotes = await readDb().select().from(schema.notifications).where(and(eq(schema.notifications.userId, member.id), eq(schema.notifications.kind, "meeting")));
    expect(memberNotes.filter((note) => note.message.includes("Series"))).toHaveLength(1);
    expect(memberNotes[0].link).toBe("/meetings");
    const ownNotes = await readDb().select().from(schema.notifications).where(eq(schema.notifications.userId, adminId));
    expect(ownNotes.filter((note) => note.message.includes("Series"))).toHaveLength(0);
    const audits = await readDb().select().from(schema.auditLog).where(eq(schema.auditLog.action, "meeting.created"));
    expect(audits.filter((entry) => entry.summary.startsWith("Series"))).toHaveLength(4);
  });

  it("refuses a date that is not a date, and writes nothing", async () => {
    const { actor } = await newAdmin();
    const before = (await readDb().select({ total: count() }).from(schema.meetings))[0]?.total;
    const error = await appErrorOfAsync(() => createMeetings({ actor, input: { ...input({ title: "Bad date" }), scheduledAt: "2026-02-30T10:00" } }));
    expect(error.status).toBe(400);
    expect(error.fieldErrors?.scheduledAt).toEqual(["Please enter a valid date and time"]);
    expect((await readDb().select({ total: count() }).from(schema.meetings))[0]?.total).toBe(before);
  });

  it("refuses a date outside the years 2000 to 2100, and a JSON number no date can hold, with the field message", async () => {
    const { actor } = await newAdmin();
    for (const scheduledAt of ["0000-01-01T10:00", "0000-01-01T10:00:00Z", "2101-01-01T10:00", "1999-12-31T10:00:00Z"]) {
      const error = await appErrorOfAsync(() => createMeetings({ actor, input: { ...input({ title: "Odd year" }), scheduledAt } }));
      expect(error.status, scheduledAt).toBe(400);
      expect(error.fieldErrors?.scheduledAt, scheduledAt).toEqual(["Please choose a date between the years 2000 and 2100"]);
    }
    for (const scheduledAt of [1e308, -1e16, Number.NaN]) {
      const error = appErrorOf(() => parseMeetingJson({ title: "Huge", duration: 60, scheduledAt }, { isCreate: true }));
      expect(error.status, String(scheduledAt)).toBe(400);
      expect(error.fieldErrors?.scheduledAt, String(scheduledAt)).toEqual(["Please enter a valid date and time"]);
    }
  });

  it("notifies 10,000 members with one set-based insert, quickly", async () => {
    const { actor } = await newAdmin();
    // 10,000 members in one statement (a recursive CTE: the same SQL on both engines).
    await run(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 9999)
       INSERT INTO users (id, email, username, password, first_name, last_name, display_name)
       SELECT 'bulk-' || i, 'bulk-' || i || '@example.com', 'bulk_' || i, 'x', 'Bulk', 'Member', 'Bulk' FROM n`,
    );
    const started = performance.now();
    await createMeetings({ actor, input: input({ title: "Big announcement", repeatWeeks: "12" }) });
    expect(performance.now() - started).toBeLessThan(2_000);
    const total = (await row("SELECT count(*) AS total FROM notifications WHERE message LIKE '%Big announcement%'")) as { total: number };
    const others = (await row("SELECT count(*) AS total FROM users WHERE id <> ?", actor.id)) as { total: number };
    expect(total.total).toBe(others.total);
  });

  it("edits and deletes with an audit entry each", async () => {
    const { actor } = await newAdmin();
    const [meeting] = await createMeetings({ actor, input: input({ title: "Editable" }) });
    const updated = await updateMeeting({ actor, id: meeting.id, input: input({ title: "Edited", scheduledAt: "2027-01-07T19:30", timeZone: "UTC", duration: "90" }) });
    expect(updated).toMatchObject({ title: "Edited", duration: 90 });
    expect(updated.scheduledAt.toISOString()).toBe("2027-01-07T19:30:00.000Z");
    await deleteMeeting({ actor, id: meeting.id });
    expect((await appErrorOfAsync(() => getMeeting(meeting.id))).status).toBe(404);
    const actions = (await readDb().select().from(schema.auditLog).where(eq(schema.auditLog.targetId, String(meeting.id)))).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["meeting.created", "meeting.updated", "meeting.deleted"]));
  });
});

describe("registration and attendance", () => {
  it("registers a member once and keeps attendeesCount exact; cancelling gives the seat back", async () => {
    const { actor } = await newAdmin();
    const [meeting] = await createMeetings({ actor, input: input({ title: "Register me" }) });
    const ada = await createMember();
    const bob = await createMember();
    expect(await registerForMeeting({ userId: ada.id, meetingId: meeting.id })).toMatchObject({ wasAlreadyRegistered: false, attendeesCount: 1 });
    expect(await registerForMeeting({ userId: ada.id, meetingId: meeting.id })).toMatchObject({ wasAlreadyRegistered: true, attendeesCount: 1 });
    expect((await registerForMeeting({ userId: bob.id, meetingId: meeting.id })).attendeesCount).toBe(2);
    expect((await countAttendees(meeting.id)).registered).toBe(2);
    expect((await cancelRegistration({ userId: ada.id, meetingId: meeting.id })).attendeesCount).toBe(1);
    expect((await cancelRegistration({ userId: ada.id, meetingId: meeting.id })).attendeesCount).toBe(1);
    expect((await getMeeting(meeting.id)).attendeesCount).toBe((await countAttendees(meeting.id)).registered);
  });

  it("refuses registration for a past meeting and an unknown one", async () => {
    const { actor } = await newAdmin();
    const [past] = await createMeetings({ actor, input: input({ title: "Old", scheduledAt: new Date(Date.now() - DAY).toISOString() }) });
    const member = await createMember();
    expect((await appErrorOfAsync(() => registerForMeeting({ userId: member.id, meetingId: past.id }))).message).toBe("This meeting has already taken place.");
    expect((await appErrorOfAsync(() => registerForMeeting({ userId: member.id, meetingId: 999_999 }))).status).toBe(404);
  });

  it("records attendance through Join once: registers if needed, counts once, credits points once", async () => {
    const { actor } = await newAdmin();
    const [meeting] = await createMeetings({ actor, input: input({ title: "Join me" }) });
    const member = await createMember();
    const pointsBefore = (await readDb().select().from(schema.users).where(eq(schema.users.id, member.id)))[0]!.points;
    const during = new Date(meeting.scheduledAt.getTime() + 5 * 60 * 1000);
    expect(await joinMeeting({ userId: member.id, meetingId: meeting.id, now: during })).toEqual({ joinUrl: "https://zoom.us/j/123", isRecorded: true });
    await joinMeeting({ userId: member.id, meetingId: meeting.id, now: during });
    expect(await countAttendees(meeting.id)).toEqual({ registered: 1, attended: 1 });
    expect((await getMeeting(meeting.id)).attendeesCount).toBe(1);
    const ledger = await readDb()
      .select()
      .from(schema.contributions)
      .where(and(eq(schema.contributions.userId, member.id), eq(schema.contributions.kind, "meeting_attended")));
    expect(ledger).toHaveLength(1);
    expect(ledger[0].subjectId).toBe(String(meeting.id));
    const pointsAfter = (await readDb().select().from(schema.users).where(eq(schema.users.id, member.id)))[0]!.points;
    expect(pointsAfter - pointsBefore).toBe(ledger[0].points);
    // A joined member cannot cancel.
    expect((await appErrorOfAsync(() => cancelRegistration({ userId: member.id, meetingId: meeting.id }))).message).toBe("You have already joined this meeting.");
  });

  it("marks a registered member as attended without counting them twice", async () => {
    const { actor } = await newAdmin();
    const [meeting] = await createMeetings({ actor, input: input({ title: "Registered then joined" }) });
    const member = await createMember();
    await registerForMeeting({ userId: member.id, meetingId: meeting.id });
    await joinMeeting({ userId: member.id, meetingId: meeting.id, now: meeting.scheduledAt });
    expect(await countAttendees(meeting.id)).toEqual({ registered: 1, attended: 1 });
    expect((await getMeeting(meeting.id)).attendeesCount).toBe(1);
  });

  it("records attendance only from 15 minutes before the start to the end", async () => {
    const { actor } = await newAdmin();
    const [meeting] = await createMeetings({ actor, input: input({ title: "Window" }) });
    const member = await createMember();
    const start = meeting.scheduledAt.getTime();
    const minute = 60 * 1000;
    expect((await joinMeeting({ userId: member.id, meetingId: meeting.id })).isRecorded).toBe(false); // two days ahead
    expect((await joinMeeting({ userId: member.id, meetingId: meeting.id, now: new Date(start - 16 * minute) })).isRecorded).toBe(false);
    expect((await countAttendees(meeting.id)).attended).toBe(0);
    expect((await joinMeeting({ userId: member.id, meetingId: meeting.id, now: new Date(start - 15 * minute) })).isRecorded).toBe(true);
    expect((await joinMeeting({ userId: member.id, meetingId: meeting.id, now: new Date(start + 60 * minute) })).isRecorded).toBe(false);
    expect((await countAttendees(meeting.id)).attended).toBe(1);
  });

  it("does not record attendance after the meeting ended, and needs a join link", async () => {
    const { actor } = await newAdmin();
    const [ended] = await createMeetings({ actor, input: input({ title: "Ended", scheduledAt: new Date(Date.now() - 3 * HOUR).toISOString() }) });
    const [noLink] = await createMeetings({ actor, input: input({ title: "No link", joinZoomUrl: "" }) });
    const member = await createMember();
    expect((await joinMeeting({ userId: member.id, meetingId: ended.id })).isRecorded).toBe(false);
    expect((await countAttendees(ended.id)).attended).toBe(0);
    expect((await appErrorOfAsync(() => joinMeeting({ userId: member.id, meetingId: noLink.id }))).message).toBe("This meeting has no join link yet.");
  });

  it("refuses to follow a join link stored with a line break (400, nothing recorded)", async () => {
    const { actor } = await newAdmin();
    const [meeting] = await createMeetings({ actor, input: input({ title: "Broken link" }) });
    await write((tx) => tx.update(schema.meetings).set({ joinZoomUrl: "https://zoom.example/j/1\r\nX-Evil: 1" }).where(eq(schema.meetings.id, meeting.id)));
    const member = await createMember();
    const error = await appErrorOfAsync(() => joinMeeting({ userId: member.id, meetingId: meeting.id }));
    expect(error.status).toBe(400);
    expect(error.message).toBe("This meeting's join link is not a valid address. Please tell an admin.");
    expect((await countAttendees(meeting.id)).attended).toBe(0);
  });
});
