import { safeRedirectPath } from "~/utils/url";

/** The meetings feature's URLs, built in one place (to move into app/utils/routes.ts at merge). */
export const meetingPaths = {
  list: "/meetings",
  create: "/meetings/new",
  edit: (id: number | string) => `/meetings/${id}/edit`,
  remove: (id: number | string) => `/meetings/${id}/delete`,
  join: (id: number | string) => `/meetings/${id}/join`,
  calendar: (id: number | string) => `/meetings/${id}/calendar.ics`,
  feed: "/meetings.ics",
  adminCreate: "/admin/create-meetings",
  adminManage: "/admin/manage-meetings",
} as const;

/** Where a meetings form may send the member back to: a safe same-site path (`safeRedirectPath`) that is one of the meetings pages, else /meetings. */
export function safeReturnTo(value: FormDataEntryValue | string | null | undefined): string {
  const allowed = ["/", meetingPaths.list, meetingPaths.adminManage, meetingPaths.adminCreate];
  const target = safeRedirectPath(value, meetingPaths.list);
  const [path] = target.split("?");
  if (!allowed.includes(path)) return meetingPaths.list;
  return path === meetingPaths.adminManage && /^\/admin\/manage-meetings\?page=\d{1,5}$/.test(target) ? target : path;
}
