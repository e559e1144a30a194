/**
 * Meetings: the only code touching the meetings and meeting_attendees tables. Scheduling
 * (one-off or a weekly series), editing, deleting, registration, attendance through the
 * Join link, and the lists the pages, the dashboard card, the calendar feed and /api show.
 */
import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gt, lte, sql } from "drizzle-orm";
import { recordAudit } from "~/features/audit/index.server";
import { recordContribution } from "~/features/gamification/index.server";
import { readDb, schema, write, type AppDatabase } from "~/utils/db.server";
import { atLeastZero, inJsonIds, literalLimit, lockRowForUpdate } from "~/utils/sql-dialect.server";
import { perDatabase, perDatabaseShape } from "~/utils/statement-cache.server";
import { getEnv } from "~/utils/env.server";
import { badRequest, notFound } from "~/utils/errors.server";
import { routes } from "~/utils/routes";
import { isHttpUrl } from "~/utils/url";
import {
  createMeetingFormSchema,
  meetingFormSchema,
  SCHEDULED_AT_INVALID,
  SCHEDULED_AT_OUT_OF_RANGE,
  SCHEDULED_YEARS,
  type CreateMeetingFormInput,
  type MeetingFormInput,
} from "./schemas";
import { formatLongDate, formatTimeWithZone, isValidTimeZone, parseLocalDateTime, toLocalDateTimeValue } from "./time";
import { validationError } from "~/utils/validation.server";
import type { ActorRef } from "~/utils/actor";
import { pick } from "~/utils/pick";
import { notifyAllMembers } from "~/features/notifications/index.server";

export type MeetingRecord = typeof schema.meetings.$inferSelect;

/** The Past Meetings list shows at most 5. */
export const PAST_MEETINGS_SHOWN = 5;
const MINUTE = 60_000;
const WEEK = 7 * 24 * 60 * MINUTE;

/** When a meeting ends (its start plus its duration). */
export function endOf(meeting: Pick<MeetingRecord, "scheduledAt" | "duration">): Date {
  return new Date(meeting.scheduledAt.getTime() + meeting.duration * MINUTE);
}

/** Upcoming while scheduledAt is in the future, otherwise past ('Completed'). */
export function isUpcoming(meeting: Pick<MeetingRecord, "scheduledAt">, now = new Date()): boolean {
  return meeting.scheduledAt.getTime() > now.getTime();
}

/* ------------------------------------------------------------------ reads */

/**
 * The reads /meetings and the dashboard's next-meeting card run on every view, made once per
 * database (docs/decisions/0077-data-access-style.md). Dates go in as milliseconds (the columns'
 * stored form): a placeholder's value is bound as given.
 */
/** Meetings after the `now` placeholder, soonest first: /meetings' full list and its first few. */
function upcomingMeetingsQuery(db: AppDatabase) {
  const { meetings } = schema;
  return db.select().from(meetings).where(gt(meetings.scheduledAt, sql.placeholder("now"))).orderBy(asc(meetings.scheduledAt), asc(meetings.id));
}

const meetingQueries = perDatabase((db: AppDatabase) => {
  const { meetings, meetingAttendees } = schema;
  const param = sql.placeholder;
  return {
    upcoming: upcomingMeetingsQuery(db).prepare(),
    byId: db.select().from(meetings).where(eq(meetings.id, param("id"))).prepare(),
    // The member's registrations among a JSON list of meeting ids (one statement for any count).
    registrations: db
      .select({ meetingId: meetingAttendees.meetingId, attended: meetingAttendees.attended })
      .from(meetingAttendees)
      .where(and(eq(meetingAttendees.userId, param("userId")), inJsonIds(db, meetingAttendees.meetingId, param("ids"))))
      .prepare(),
  };
});

/**
 * The first `limit` upcoming or past meetings, prepared per length with the length written into
 * the SQL (literalLimit): the page's and the dashboard's few lengths stay prepared, the API's other
 * lengths take turns in a short list.
 */
const firstMeetingsQueries = perDatabaseShape(
  (db: AppDatabase, limit: number) => {
    const { meetings } = schema;
    const now = sql.placeholder("now");
    return {
      upcoming: upcomingMeetingsQuery(db).limit(literalLimit(limit)).prepare(),
      past: db.select().from(meetings).where(lte(meetings.scheduledAt, now)).orderBy(desc(meetings.scheduledAt), desc(meetings.id)).limit(literalLimit(limit)).prepare(),
    };
  },
  String,
  { maxShapes: 16 },
);

/** Upcoming meetings, soonest first. */
export async function listUpcomingMeetings({ now = new Date(), limit }: { now?: Date; limit?: number } = {}): Promise<MeetingRecord[]> {
  const db = readDb();
  return limit ? firstMeetingsQueries(db, limit).upcoming.execute({ now: now.getTime() }) : meetingQueries(db).upcoming.execute({ now: now.getTime() });
}

/** Past meetings, most recent first (docs/meetings.md shows the first 5). */
export async function listPastMeetings({ now = new Date(), limit = PAST_MEETINGS_SHOWN }: { now?: Date; limit?: number } = {}): Promise<MeetingRecord[]> {
  return firstMeetingsQueries(readDb(), limit).past.execute({ now: now.getTime() });
}

/** Every meeting in date order (GET /api/meetings), optionally a page of them. */
export async function listAllMeetings({ limit = 500, offset = 0 }: { limit?: number; offset?: number } = {}): Promise<MeetingRecord[]> {
  return readDb().select().from(schema.meetings).orderBy(asc(schema.meetings.scheduledAt), asc(schema.meetings.id)).limit(limit).offset(offset);
}

/** The admin panel's list: newest created first, a page at a time. */
export async function listMeetingsNewestFirst({ page = 1, pageSize = 20 }: { page?: number; pageSize?: number } = {}) {
  const db = readDb();
  const [totalRow] = await db.select({ total: count() }).from(schema.meetings);
  const total = totalRow?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const meetings = await db
    .select()
    .from(schema.meetings)
    .orderBy(desc(schema.meetings.createdAt), desc(schema.meetings.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return { meetings, total, page: current, pageCount };
}

export async function findMeeting(id: number): Promise<MeetingRecord | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const [meeting] = await meetingQueries(readDb()).byId.execute({ id });
  return meeting;
}

/** The meeting, or a 404 AppError. */
export async function getMeeting(id: number): Promise<MeetingRecord> {
  const meeting = await findMeeting(id);
  if (!meeting) throw notFound("Meeting not found");
  return meeting;
}


export type Registration = { attended: boolean };

/** The member's registrations among these meetings. */
export async function registrationsOf(userId: string, meetingIds: number[]): Promise<Map<number, Registration>> {
  if (meetingIds.length === 0) return new Map();
  const rows = await meetingQueries(readDb()).registrations.execute({ userId, ids: JSON.stringify(meetingIds) });
  return new Map(rows.map((row) => [row.meetingId, { attended: row.attended }]));
}

/** Attendance facts for one meeting (tests and the admin list). `FILTER (WHERE attended)`: portable (a boolean has no sum on PostgreSQL). */
export async function countAttendees(meetingId: number): Promise<{ registered: number; attended: number }> {
  const [row] = await readDb()
    .select({ registered: count(), attended: sql<number>`count(*) FILTER (WHERE ${schema.meetingAttendees.attended})` })
    .from(schema.meetingAttendees)
    .where(eq(schema.meetingAttendees.meetingId, meetingId));
  return { registered: row?.registered ?? 0, attended: Number(row?.attended ?? 0) };
}

/* ------------------------------------------------------------------ validation */

/** The zone a form's date is read in: the one it was shown in when valid, else the community's. */
export function resolveTimeZone(zone: string | null | undefined): string {
  return isValidTimeZone(zone) ? zone : getEnv().COMMUNITY_TIMEZONE;
}

/** A form `datetime-local` value (in `zone`) or an ISO 8601 date from the API. */
export function resolveScheduledAt(text: string, zone: string): Date {
  const date = parseLocalDateTime(text, zone) ?? parseIsoDate(text);
  if (!date || Number.isNaN(date.getTime())) throw badRequest(SCHEDULED_AT_INVALID, { scheduledAt: [SCHEDULED_AT_INVALID] });
  const year = date.getUTCFullYear();
  if (year < SCHEDULED_YEARS.first || year > SCHEDULED_YEARS.last) throw badRequest(SCHEDULED_AT_OUT_OF_RANGE, { scheduledAt: [SCHEDULED_AT_OUT_OF_RANGE] });
  return date;
}

/** ISO dates with a zone ("2026-11-26T18:00:00.000Z", "+01:00") or a plain date. */
function parseIsoDate(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}))?$/i.test(text.trim())) return null;
  return new Date(text.trim());
}

/**
 * Validates an /api JSON body against the form's schema (numbers, booleans and dates as JSON
 * values). Missing registrationRequired means true (docs/meetings.md); a bad field is a 400.
 */
export function parseMeetingJson(body: Record<string, unknown>, { isCreate }: { isCreate: boolean }): CreateMeetingFormInput {
  const scheduledAt = body.scheduledAt;
  const shaped: Record<string, unknown> = {
    ...body,
    scheduledAt:
      typeof scheduledAt === "number" ? millisecondsToIso(scheduledAt) : typeof scheduledAt === "string" ? scheduledAt : undefined,
    registrationRequired: body.registrationRequired === undefined ? true : body.registrationRequired,
  };
  for (const field of ["title", "description", "joinZoomUrl", "registrationZoomUrl", "replayZoomUrl", "timeZone"]) {
    if (shaped[field] === null || shaped[field] === "") shaped[field] = undefined;
    else if (shaped[field] !== undefined && typeof shaped[field] !== "string") shaped[field] = String(shaped[field]);
  }
  const result = (isCreate ? createMeetingFormSchema : meetingFormSchema).safeParse(shaped);
  if (!result.success) throw validationError(result.error, "Please check the meeting's fields.");
  return { repeatWeeks: 1, ...result.data };
}

/** A JSON number date (milliseconds since 1970) as ISO text; one no Date can hold (1e308) stays as text the schema refuses. */
function millisecondsToIso(value: number): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

/* ------------------------------------------------------------------ writes */

/** The same wall-clock time `weeks` weeks later in `zone` (a series keeps 18:00 across DST). */
export function addWeeksInZone(start: Date, weeks: number, zone: string): Date {
  const [datePart, timePart] = toLocalDateTimeValue(start, zone).split("T");
  const day = new Date(`${datePart}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + weeks * 7);
  const shifted = parseLocalDateTime(`${day.toISOString().slice(0, 10)}T${timePart}`, zone);
  return shifted ?? new Date(start.getTime() + weeks * WEEK);
}

/** The form's fields stored as they are (the schedule is computed apart). */
const storedFormFields = ["title", "description", "duration", "joinZoomUrl", "registrationZoomUrl", "replayZoomUrl", "registrationRequired"] as const;

function linkFields(input: MeetingFormInput) {
  return { ...pick(input, storedFormFields), isRecorded: input.replayZoomUrl !== null, recordingUrl: input.replayZoomUrl };
}

/**
 * Schedules a meeting, or a weekly series of `repeatWeeks` meetings sharing a seriesId, in one
 * unit of work; notifies every other member once (one INSERT … SELECT, however many members)
 * and writes the audit log. Returns the created meetings in date order.
 */
export async function createMeetings({ actor, input, now = new Date() }: { actor: ActorRef; input: CreateMeetingFormInput; now?: Date }): Promise<MeetingRecord[]> {
  const zone = resolveTimeZone(input.timeZone);
  const firstStart = resolveScheduledAt(input.scheduledAt, zone);
  const weeks = input.repeatWeeks;
  const seriesId = weeks > 1 ? randomUUID() : null;
  return write(async (tx) => {
    const created = await tx
      .insert(schema.meetings)
      .values(
        Array.from({ length: weeks }, (_, index) => ({
          ...linkFields(input),
          scheduledAt: addWeeksInZone(firstStart, index, zone),
          hostId: actor.id,
          seriesId,
          createdAt: now,
        })),
      )
      .returning();
    const first = created[0];
    const community = getEnv().COMMUNITY_TIMEZONE;
    const when = `${formatLongDate(first.scheduledAt, community)} at ${formatTimeWithZone(first.scheduledAt, community)}`;
    const message =
      weeks > 1
        ? `New weekly meeting: “${first.title}”, every week for ${weeks} weeks from ${when}`
        : `New meeting scheduled: “${first.title}” on ${when}`;
    await notifyAllMembers({ actorId: actor.id, kind: "meeting", message: message.slice(0, 500), link: routes.meetings, at: now });
    for (const meeting of created) {
      await recordAudit({
        actor,
        action: "meeting.created",
        targetType: "meeting",
        targetId: meeting.id,
        summary: seriesId ? `${meeting.title} (weekly series ${seriesId.slice(0, 8)}, ${weeks} weeks)` : meeting.title,
        at: now,
      });
    }
    return created;
  });
}

/** Edits one meeting (one occurrence of a series) and writes the audit log. */
export async function updateMeeting({ actor, id, input }: { actor: ActorRef; id: number; input: MeetingFormInput }): Promise<MeetingRecord> {
  const zone = resolveTimeZone(input.timeZone);
  const scheduledAt = resolveScheduledAt(input.scheduledAt, zone);
  return write(async (tx) => {
    await getMeeting(id);
    const [updated] = await tx
      .update(schema.meetings)
      .set({ ...linkFields(input), scheduledAt })
      .where(eq(schema.meetings.id, id))
      .returning();
    await recordAudit({ actor, action: "meeting.updated", targetType: "meeting", targetId: id, summary: updated.title });
    return updated;
  });
}

/** Deletes one meeting (its registrations go with it) and writes the audit log. */
export async function deleteMeeting({ actor, id }: { actor: ActorRef; id: number }): Promise<MeetingRecord> {
  return write(async (tx) => {
    const meeting = await getMeeting(id);
    await tx.delete(schema.meetings).where(eq(schema.meetings.id, id));
    await recordAudit({ actor, action: "meeting.deleted", targetType: "meeting", targetId: id, summary: meeting.title });
    return meeting;
  });
}

/* ------------------------------------------------------------------ members */

export const MEETING_ALREADY_TOOK_PLACE = "This meeting has already taken place.";

/** The member's registration row for a meeting, read inside the unit that changes it. */
async function registrationIn(tx: AppDatabase, meetingId: number, userId: string) {
  const { meetingAttendees } = schema;
  const [row] = await tx
    .select({ id: meetingAttendees.id, attended: meetingAttendees.attended })
    .from(meetingAttendees)
    .where(and(eq(meetingAttendees.meetingId, meetingId), eq(meetingAttendees.userId, userId)))
    .limit(literalLimit(1));
  return row;
}

/** The meeting's attendeesCount as the unit left it. */
async function attendeesCountOf(tx: AppDatabase, meetingId: number): Promise<number> {
  const [row] = await tx.select({ value: schema.meetings.attendeesCount }).from(schema.meetings).where(eq(schema.meetings.id, meetingId)).limit(literalLimit(1));
  return row?.value ?? 0;
}

/**
 * Registers a member for an upcoming meeting: one row per member, attendeesCount kept exact
 * by an SQL increment in the same unit of work. Registering twice is harmless.
 */
export async function registerForMeeting({ userId, meetingId, now = new Date() }: { userId: string; meetingId: number; now?: Date }) {
  return write(async (tx) => {
    // Members register together when a meeting is announced: they take turns on its counter (decision 0106).
    await lockRowForUpdate(tx, schema.meetings, meetingId);
    const meeting = await getMeeting(meetingId);
    if (!isUpcoming(meeting, now)) throw badRequest(MEETING_ALREADY_TOOK_PLACE);
    const [inserted] = await tx
      .insert(schema.meetingAttendees)
      .values({ meetingId, userId, registeredAt: now })
      .onConflictDoNothing()
      .returning({ id: schema.meetingAttendees.id });
    if (inserted) {
      await tx
        .update(schema.meetings)
        .set({ attendeesCount: sql`${schema.meetings.attendeesCount} + 1` })
        .where(eq(schema.meetings.id, meetingId));
    }
    const attendeesCount = await attendeesCountOf(tx, meetingId);
    return { meetingId, isRegistered: true, wasAlreadyRegistered: !inserted, attendeesCount };
  });
}

/** Cancels a member's registration for an upcoming meeting they have not joined yet. */
export async function cancelRegistration({ userId, meetingId, now = new Date() }: { userId: string; meetingId: number; now?: Date }) {
  return write(async (tx) => {
    await lockRowForUpdate(tx, schema.meetings, meetingId);
    const meeting = await getMeeting(meetingId);
    if (!isUpcoming(meeting, now)) throw badRequest(MEETING_ALREADY_TOOK_PLACE);
    const existing = await registrationIn(tx, meetingId, userId);
    if (existing?.attended) throw badRequest("You have already joined this meeting.");
    if (existing) {
      await tx.delete(schema.meetingAttendees).where(eq(schema.meetingAttendees.id, existing.id));
      await tx
        .update(schema.meetings)
        .set({ attendeesCount: atLeastZero(tx, sql`${schema.meetings.attendeesCount} - 1`) })
        .where(eq(schema.meetings.id, meetingId));
    }
    const attendeesCount = await attendeesCountOf(tx, meetingId);
    return { meetingId, isRegistered: false, attendeesCount };
  });
}

export const NO_JOIN_LINK = "This meeting has no join link yet.";
export const BROKEN_JOIN_LINK = "This meeting's join link is not a valid address. Please tell an admin.";

/** Attendance counts from this long before a meeting starts until it ends (docs/meetings.md). */
export const JOIN_WINDOW_BEFORE_START_MS = 15 * 60 * 1000;

/**
 * The Join button: while the meeting is on (from 15 minutes before its start to its end),
 * records the member as attended (registering them if needed, keeping attendeesCount exact)
 * and credits meeting_attended once; returns the link to send them to. Outside that window
 * it only returns the link. A meeting without a join link is a 400.
 */
export async function joinMeeting({ userId, meetingId, now = new Date() }: { userId: string; meetingId: number; now?: Date }): Promise<{ joinUrl: string; isRecorded: boolean }> {
  return write(async (tx) => {
    const meeting = await getMeeting(meetingId);
    if (!meeting.joinZoomUrl) throw badRequest(NO_JOIN_LINK);
    // A link stored before links were checked for control characters (app/utils/url.ts).
    if (!isHttpUrl(meeting.joinZoomUrl)) throw badRequest(BROKEN_JOIN_LINK);
    const isOn = meeting.scheduledAt.getTime() - JOIN_WINDOW_BEFORE_START_MS <= now.getTime() && now.getTime() < endOf(meeting).getTime();
    if (!isOn) return { joinUrl: meeting.joinZoomUrl, isRecorded: false };
    // Everyone joins at the start time: they take turns on the counter (decision 0106).
    await lockRowForUpdate(tx, schema.meetings, meetingId);
    const existing = await registrationIn(tx, meetingId, userId);
    if (!existing) {
      await tx.insert(schema.meetingAttendees).values({ meetingId, userId, registeredAt: now, attended: true });
      await tx
        .update(schema.meetings)
        .set({ attendeesCount: sql`${schema.meetings.attendeesCount} + 1` })
        .where(eq(schema.meetings.id, meetingId));
    } else if (!existing.attended) {
      await tx.update(schema.meetingAttendees).set({ attended: true }).where(eq(schema.meetingAttendees.id, existing.id));
    }
    await recordContribution({ userId, kind: "meeting_attended", subjectId: meetingId, at: now });
    return { joinUrl: meeting.joinZoomUrl, isRecorded: true };
  });
}

/* ------------------------------------------------------------------ shapes */

/** What every shape of a meeting starts with: id, title, description, the ISO start, the duration. */
function meetingBasics(meeting: MeetingRecord) {
  return { id: meeting.id, title: meeting.title, description: meeting.description, scheduledAt: meeting.scheduledAt.toISOString(), duration: meeting.duration };
}

/** The /api JSON shape of a meeting (the fields of docs/meetings.md). */
export function toMeetingJson(meeting: MeetingRecord) {
  return {
    ...meetingBasics(meeting),
    joinZoomUrl: meeting.joinZoomUrl,
    registrationZoomUrl: meeting.registrationZoomUrl,
    replayZoomUrl: meeting.replayZoomUrl,
    hostId: meeting.hostId,
    attendeesCount: meeting.attendeesCount,
    isRecorded: meeting.isRecorded,
    recordingUrl: meeting.recordingUrl,
    registrationRequired: meeting.registrationRequired,
    seriesId: meeting.seriesId,
    createdAt: meeting.createdAt.toISOString(),
  };
}

/** What a meeting card shows: dates formatted on the server in the viewer's zone (named). */
export type MeetingView = {
  id: number;
  title: string;
  description: string;
  scheduledAt: string;
  duration: number;
  longDate: string;
  time: string;
  timeZone: string;
  attendeesCount: number;
  registrationRequired: boolean;
  isUpcoming: boolean;
  isSeries: boolean;
  hasJoinLink: boolean;
  registrationUrl: string | null;
  replayUrl: string | null;
  isRegistered: boolean;
  hasAttended: boolean;
  /** Only for managers: the values the edit form needs. */
  edit: {
    scheduledAtLocal: string;
    joinZoomUrl: string;
    registrationZoomUrl: string;
    replayZoomUrl: string;
  } | null;
};

/** Shapes meetings for cards, with the member's registration and (for managers) the edit values. */
export async function toMeetingViews(
  meetings: MeetingRecord[],
  { userId, timeZone, canManage, now = new Date() }: { userId: string | null; timeZone: string; canManage: boolean; now?: Date },
): Promise<MeetingView[]> {
  const registrations = userId ? await registrationsOf(userId, meetings.map((meeting) => meeting.id)) : new Map<number, Registration>();
  return meetings.map((meeting) => {
    const registration = registrations.get(meeting.id);
    return {
      ...meetingBasics(meeting),
      longDate: formatLongDate(meeting.scheduledAt, timeZone),
      time: formatTimeWithZone(meeting.scheduledAt, timeZone),
      timeZone,
      attendeesCount: meeting.attendeesCount,
      registrationRequired: meeting.registrationRequired,
      isUpcoming: isUpcoming(meeting, now),
      isSeries: meeting.seriesId !== null,
      hasJoinLink: Boolean(meeting.joinZoomUrl),
      registrationUrl: meeting.registrationZoomUrl,
      replayUrl: meeting.replayZoomUrl,
      isRegistered: Boolean(registration),
      hasAttended: registration?.attended ?? false,
      edit: canManage
        ? {
            scheduledAtLocal: toLocalDateTimeValue(meeting.scheduledAt, timeZone),
            joinZoomUrl: meeting.joinZoomUrl ?? "",
            registrationZoomUrl: meeting.registrationZoomUrl ?? "",
            replayZoomUrl: meeting.replayZoomUrl ?? "",
          }
        : null,
    };
  });
}
