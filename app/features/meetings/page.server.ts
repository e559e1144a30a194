/** What /meetings shows: next, upcoming and past meetings for the signed-in member. */
import { requireUser, userCan } from "~/features/auth/index.server";
import { listPastMeetings, listUpcomingMeetings, toMeetingViews } from "./meetings.server";
import { getViewerTimeZone } from "./time-zone.server";

export const UPCOMING_PAGE_SIZE = 20;

export async function loadMeetingsPage(request: Request, url: URL) {
  const user = await requireUser(request);
  const showAll = url.searchParams.get("upcoming") === "all";
  const timeZone = getViewerTimeZone(request);
  const canManage = userCan(user, "meetings:manage");
  const now = new Date();
  const upcomingRows = await listUpcomingMeetings({ now, limit: showAll ? undefined : UPCOMING_PAGE_SIZE + 1 });
  const hasMoreUpcoming = !showAll && upcomingRows.length > UPCOMING_PAGE_SIZE;
  const upcoming = await toMeetingViews(hasMoreUpcoming ? upcomingRows.slice(0, UPCOMING_PAGE_SIZE) : upcomingRows, { userId: user.id, timeZone, canManage, now });
  const past = await toMeetingViews(await listPastMeetings({ now }), { userId: user.id, timeZone, canManage, now });
  return { upcoming, past, hasMoreUpcoming, timeZone, canManage };
}
