/** Loaders of the admin-only meeting pages (schedule, edit, delete confirmation, admin tabs). */
import { requirePagePermission } from "~/features/auth/index.server";
import { getMeeting, listMeetingsNewestFirst, toMeetingViews } from "./meetings.server";
import { safeReturnTo } from "./paths";
import { getViewerTimeZone } from "./time-zone.server";
import { handlePage, readIdParam, readPageParam } from "~/utils/http.server";

/** The manager and the zone the form's date is shown (and read) in. */
export async function loadScheduleForm(request: Request) {
  await requirePagePermission(request, "meetings:manage");
  return { timeZone: getViewerTimeZone(request) };
}

/** One meeting for its edit form or delete confirmation (404 when unknown). */
export async function loadManagedMeeting(request: Request, url: URL, idParam: string | undefined) {
  await requirePagePermission(request, "meetings:manage");
  const timeZone = getViewerTimeZone(request);
  const returnTo = safeReturnTo(url.searchParams.get("returnTo"));
  return handlePage(async () => {
    const [meeting] = await toMeetingViews([await getMeeting(readIdParam(idParam, "Meeting"))], { userId: null, timeZone, canManage: true });
    return { meeting, timeZone, returnTo };
  });
}

/** The admin panel's Manage Meetings list: newest created first, 20 a page. */
export async function loadManageMeetings(request: Request, url: URL) {
  await requirePagePermission(request, "meetings:manage");
  const timeZone = getViewerTimeZone(request);
  const result = await listMeetingsNewestFirst({ page: readPageParam(url.searchParams) });
  return {
    meetings: await toMeetingViews(result.meetings, { userId: null, timeZone, canManage: true }),
    total: result.total,
    page: result.page,
    pageCount: result.pageCount,
    timeZone,
  };
}
