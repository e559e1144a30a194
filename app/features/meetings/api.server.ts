/** The /api/meetings handlers (resource routes stay one line each); same feature functions as the pages. */
import { requireApiPermission, requireApiUser } from "~/features/auth/index.server";
import { readIdParam, readIntegerParam, readJsonBody } from "~/utils/http.server";
import { cancelRegistration, createMeetings, deleteMeeting, getMeeting, listAllMeetings, listUpcomingMeetings, parseMeetingJson, registerForMeeting, toMeetingJson, updateMeeting } from "./meetings.server";

function pageParams(request: Request) {
  const params = new URL(request.url).searchParams;
  const limit = readIntegerParam(params, "limit", { min: 1, max: 500 }) ?? 500;
  const offset = readIntegerParam(params, "offset", { min: 0 }) ?? 0;
  return { limit, offset };
}

/** GET /api/meetings: every meeting in date order (?limit=, ?offset= for pages; at most 500). */
export async function getAllMeetingsJson(request: Request) {
  await requireApiUser(request);
  return Response.json((await listAllMeetings(pageParams(request))).map(toMeetingJson));
}

/** GET /api/meetings/upcoming: upcoming meetings, soonest first. */
export async function getUpcomingMeetingsJson(request: Request) {
  await requireApiUser(request);
  return Response.json((await listUpcomingMeetings({ limit: pageParams(request).limit })).map(toMeetingJson));
}

/** GET /api/meetings/{id}. */
export async function getMeetingJson(request: Request, idParam: string | undefined) {
  await requireApiUser(request);
  return Response.json(toMeetingJson(await getMeeting(readIdParam(idParam, "Meeting"))));
}

/**
 * POST /api/meetings and /api/admin/meetings (admins): 201 with the meeting; a weekly
 * series (repeatWeeks > 1) also lists every occurrence under `series`.
 */
export async function createMeetingJson(request: Request) {
  const actor = await requireApiPermission(request, "meetings:manage");
  const input = parseMeetingJson(await readJsonBody(request), { isCreate: true });
  const created = (await createMeetings({ actor, input })).map(toMeetingJson);
  return Response.json(created.length > 1 ? { ...created[0], series: created } : created[0], { status: 201 });
}

/** PUT /api/meetings/{id} (admins): fields left out keep their value. */
export async function updateMeetingJson(request: Request, idParam: string | undefined) {
  const actor = await requireApiPermission(request, "meetings:manage");
  const id = readIdParam(idParam, "Meeting");
  const current = toMeetingJson(await getMeeting(id));
  const body = await readJsonBody(request);
  const input = parseMeetingJson(
    {
      title: current.title,
      description: current.description,
      scheduledAt: current.scheduledAt,
      duration: current.duration,
      joinZoomUrl: current.joinZoomUrl,
      registrationZoomUrl: current.registrationZoomUrl,
      replayZoomUrl: current.replayZoomUrl,
      registrationRequired: current.registrationRequired,
      ...body,
    },
    { isCreate: false },
  );
  return Response.json(toMeetingJson(await updateMeeting({ actor, id, input })));
}

/** DELETE /api/meetings/{id} (admins). */
export async function deleteMeetingJson(request: Request, idParam: string | undefined) {
  const actor = await requireApiPermission(request, "meetings:manage");
  const deleted = await deleteMeeting({ actor, id: readIdParam(idParam, "Meeting") });
  return Response.json({ message: "Meeting deleted successfully!", id: deleted.id });
}

/** POST /api/meetings/{id}/register (members): 201 when registered now, 200 when already registered. */
export async function registerJson(request: Request, idParam: string | undefined) {
  const user = await requireApiUser(request);
  const result = await registerForMeeting({ userId: user.id, meetingId: readIdParam(idParam, "Meeting") });
  return Response.json(
    { message: "Successfully registered for the meeting!", meetingId: result.meetingId, isRegistered: true, attendeesCount: result.attendeesCount },
    { status: result.wasAlreadyRegistered ? 200 : 201 },
  );
}

/** DELETE /api/meetings/{id}/register (members): cancels the registration. */
export async function cancelRegistrationJson(request: Request, idParam: string | undefined) {
  const user = await requireApiUser(request);
  const result = await cancelRegistration({ userId: user.id, meetingId: readIdParam(idParam, "Meeting") });
  return Response.json({ message: "Your registration has been cancelled.", meetingId: result.meetingId, isRegistered: false, attendeesCount: result.attendeesCount });
}
