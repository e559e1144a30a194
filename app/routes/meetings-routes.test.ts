import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { parseCalendar } from "~/features/meetings/ics";
import { createMember, signedInRequest, routeArgs } from "~/test/factories";
import { action as adminMeetingsAction } from "./api.admin.meetings";
import { action as meetingAction, loader as meetingLoader } from "./api.meetings.$id";
import { action as registerAction } from "./api.meetings.$id.register";
import { action as meetingsAction, loader as meetingsLoader } from "./api.meetings";
import { loader as upcomingLoader } from "./api.meetings.upcoming";
import { action as pageAction, loader as pageLoader } from "./meetings";
import { loader as joinLoader } from "./meetings_.$id.join";
import { loader as feedLoader } from "./meetings[.]ics";
import { loader as meetingCalendarLoader } from "./meetings_.$id.calendar[.]ics";
import { loader as deletePageLoader } from "./meetings_.$id.delete";

const args = (request: Request, params: Record<string, string> = {}) => (routeArgs(request, params)) as ActionFunctionArgs & LoaderFunctionArgs;
const json = (body: unknown, method = "POST"): RequestInit => ({ method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const inTwoDays = () => new Date(Date.now() + 2 * 86_400_000).toISOString();

async function people() {
  const admin = await createMember({ role: "admin" });
  const member = await createMember();
  return { admin, member };
}

async function apiCreate(adminId: string, body: Record<string, unknown>) {
  const response = await meetingsAction(args(await signedInRequest(adminId, "http://localhost/api/meetings", json(body))));
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number; series?: { id: number }[]; scheduledAt: string; registrationRequired: boolean; duration: number };
}

describe("/api/meetings", () => {
  it("answers visitors 401 and members 403 on admin writes, 400 with field messages on bad input", async () => {
    const { admin, member } = await people();
    const visitor = await meetingsAction(args(new Request("http://localhost/api/meetings", json({ title: "x" }))));
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ message: "Unauthorized" });
    const forbidden = await meetingsAction(args(await signedInRequest(member.id, "http://localhost/api/meetings", json({ title: "x" }))));
    expect(forbidden.status).toBe(403);
    const adminForbidden = await adminMeetingsAction(args(await signedInRequest(member.id, "http://localhost/api/admin/meetings", json({ title: "x" }))));
    expect(adminForbidden.status).toBe(403);
    const bad = await adminMeetingsAction(args(await signedInRequest(admin.id, "http://localhost/api/admin/meetings", json({ title: "", duration: 5, joinZoomUrl: "ftp://x" }))));
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.errors).toMatchObject({
      title: ["Title is required"],
      scheduledAt: ["Please select a date and time"],
      duration: ["Duration must be at least 15 minutes"],
    });
    expect(body.errors.joinZoomUrl[0]).toMatch(/http\(s\)/);
    const listVisitor = await meetingsLoader(args(new Request("http://localhost/api/meetings")));
    expect(listVisitor.status).toBe(401);
  });

  it("creates (201), lists, updates, registers and deletes", async () => {
    const { admin, member } = await people();
    const created = await apiCreate(admin.id, { title: "API meeting", scheduledAt: inTwoDays(), joinZoomUrl: "https://zoom.us/j/1" });
    expect(created).toMatchObject({ registrationRequired: true, duration: 60 });
    const series = await apiCreate(admin.id, { title: "API series", scheduledAt: inTwoDays(), repeatWeeks: 3 });
    expect(series.series).toHaveLength(3);

    const upcoming = (await (await upcomingLoader(args(await signedInRequest(member.id, "http://localhost/api/meetings/upcoming")))).json()) as { id: number }[];
    expect(upcoming.map((meeting) => meeting.id)).toContain(created.id);
    const all = await meetingsLoader(args(await signedInRequest(member.id, "http://localhost/api/meetings")));
    expect(all.status).toBe(200);

    const memberPut = await meetingAction(args(await signedInRequest(member.id, `http://localhost/api/meetings/${created.id}`, json({ title: "Nope" }, "PUT")), { id: String(created.id) }));
    expect(memberPut.status).toBe(403);
    const put = await meetingAction(args(await signedInRequest(admin.id, `http://localhost/api/meetings/${created.id}`, json({ title: "Renamed", duration: 90 }, "PUT")), { id: String(created.id) }));
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ title: "Renamed", duration: 90, scheduledAt: created.scheduledAt });
    const badPut = await meetingAction(args(await signedInRequest(admin.id, `http://localhost/api/meetings/${created.id}`, json({ duration: 481 }, "PUT")), { id: String(created.id) }));
    expect(badPut.status).toBe(400);

    const visitorRegister = await registerAction(args(new Request(`http://localhost/api/meetings/${created.id}/register`, { method: "POST" }), { id: String(created.id) }));
    expect(visitorRegister.status).toBe(401);
    const register = () => signedInRequest(member.id, `http://localhost/api/meetings/${created.id}/register`, { method: "POST" });
    const first = await registerAction(args(await register(), { id: String(created.id) }));
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ message: "Successfully registered for the meeting!", attendeesCount: 1 });
    const second = await registerAction(args(await register(), { id: String(created.id) }));
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ attendeesCount: 1 });
    const unknown = await registerAction(args(await signedInRequest(member.id, "http://localhost/api/meetings/999999/register", { method: "POST" }), { id: "999999" }));
    expect(unknown.status).toBe(404);

    const memberDelete = await meetingAction(args(await signedInRequest(member.id, `http://localhost/api/meetings/${created.id}`, { method: "DELETE" }), { id: String(created.id) }));
    expect(memberDelete.status).toBe(403);
    const deleted = await meetingAction(args(await signedInRequest(admin.id, `http://localhost/api/meetings/${created.id}`, { method: "DELETE" }), { id: String(created.id) }));
    expect(deleted.status).toBe(200);
    const gone = await meetingLoader(args(await signedInRequest(member.id, `http://localhost/api/meetings/${created.id}`), { id: String(created.id) }));
    expect(gone.status).toBe(404);
  });
});

describe("/meetings pages", () => {
  it("schedules through the page form with the success toast, and re-renders bad input with 400 and the field message", async () => {
    const { admin, member } = await people();
    const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields) });
    const ok = (await pageAction(
      args(await signedInRequest(admin.id, "http://localhost/meetings", form({ intent: "create", title: "Page meeting", scheduledAt: "2030-01-10T18:00", timeZone: "UTC", duration: "" }))),
    )) as Response;
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/meetings");
    expect(ok.headers.get("Set-Cookie")).toContain("quads_toast=");

    const bad = (await pageAction(args(await signedInRequest(admin.id, "http://localhost/meetings", form({ intent: "create", title: "No date", scheduledAt: "" }))))) as unknown as {
      data: { toast: { title: string; description: string }; result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
      init: { status: number };
    };
    expect(bad.init.status).toBe(400);
    expect(bad.data.toast).toMatchObject({ title: "Error", description: "Failed to create meeting. Please try again." });
    expect(bad.data.result.error.scheduledAt).toEqual(["Please select a date and time"]);
    expect(bad.data.result.initialValue.title).toBe("No date");

    // A member posting the admin form is turned away.
    const denied = await pageAction(args(await signedInRequest(member.id, "http://localhost/meetings", form({ intent: "create", title: "x", scheduledAt: "2030-01-10T18:00" })))).catch((error: unknown) => error);
    expect((denied as Response).status).toBe(302);
    expect((denied as Response).headers.get("Location")).toBe("/");
  });

  it("lists upcoming and past meetings in the viewer's zone (from the tz cookie)", async () => {
    const { admin, member } = await people();
    await apiCreate(admin.id, { title: "Zoned", scheduledAt: "2031-06-05T16:00:00Z" });
    const request = await signedInRequest(member.id, "http://localhost/meetings?upcoming=all");
    request.headers.set("Cookie", `${request.headers.get("Cookie")}; tz=Europe%2FParis`);
    const data = (await pageLoader(args(request))) as Awaited<ReturnType<typeof pageLoader>>;
    const zoned = data.upcoming.find((meeting) => meeting.title === "Zoned");
    expect(data.timeZone).toBe("Europe/Paris");
    expect(zoned?.time).toMatch(/^6:00 PM .+\(Europe\/Paris\)$/);
    expect(zoned?.edit).toBeNull();
    const badZone = await signedInRequest(member.id, "http://localhost/meetings");
    badZone.headers.set("Cookie", `${badZone.headers.get("Cookie")}; tz=Nowhere%2FLand`);
    expect(((await pageLoader(args(badZone))) as Awaited<ReturnType<typeof pageLoader>>).timeZone).toBe("UTC");
  });

  it("joins through /meetings/:id/join with a 302 to the join link; unknown meeting is 404", async () => {
    const { admin, member } = await people();
    const meeting = await apiCreate(admin.id, { title: "Joinable", scheduledAt: inTwoDays(), joinZoomUrl: "https://zoom.us/j/777" });
    const response = (await joinLoader(args(await signedInRequest(member.id, `http://localhost/meetings/${meeting.id}/join`), { id: String(meeting.id) }))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("https://zoom.us/j/777");
    const unknown = await Promise.resolve(joinLoader(args(await signedInRequest(member.id, "http://localhost/meetings/424242/join"), { id: "424242" }))).catch((error: unknown) => error);
    expect((unknown as Response).status).toBe(404);
    const noLink = await apiCreate(admin.id, { title: "Linkless", scheduledAt: inTwoDays() });
    const back = (await joinLoader(args(await signedInRequest(member.id, `http://localhost/meetings/${noLink.id}/join`), { id: String(noLink.id) }))) as Response;
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/meetings");
  });

  it("serves the calendar feed and one meeting's file as text/calendar that parses", async () => {
    const { admin } = await people();
    const meeting = await apiCreate(admin.id, { title: "Calendar, test; with \\ marks", description: "Line one\nLine two", scheduledAt: inTwoDays(), duration: 45 });
    const feed = await feedLoader();
    expect(feed.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const parsed = parseCalendar(await feed.text());
    const event = parsed.events.find((candidate) => candidate.uid === `meeting-${meeting.id}@localhost`);
    expect(event).toMatchObject({ summary: "Calendar, test; with \\ marks", description: "Line one\nLine two" });
    expect(event!.end.getTime() - event!.start.getTime()).toBe(45 * 60_000);
    const single = await meetingCalendarLoader(args(new Request(`http://localhost/meetings/${meeting.id}/calendar.ics`), { id: String(meeting.id) }));
    expect(parseCalendar(await single.text()).events).toHaveLength(1);
    const missing = await meetingCalendarLoader(args(new Request("http://localhost/meetings/999999/calendar.ics"), { id: "999999" }));
    expect(missing.status).toBe(404);
  });

  it("shows the delete confirmation step only to managers", async () => {
    const { admin, member } = await people();
    const meeting = await apiCreate(admin.id, { title: "Deletable", scheduledAt: inTwoDays() });
    const data = await deletePageLoader(args(await signedInRequest(admin.id, `http://localhost/meetings/${meeting.id}/delete`), { id: String(meeting.id) }));
    expect(data.meeting.title).toBe("Deletable");
    const denied = await Promise.resolve(deletePageLoader(args(await signedInRequest(member.id, `http://localhost/meetings/${meeting.id}/delete`), { id: String(meeting.id) }))).catch((error: unknown) => error);
    expect((denied as Response).status).toBe(302);
  });
});
