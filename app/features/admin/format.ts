/** Small display rules of the admin panel, shared by its tabs. */
import { formatShortDate } from "~/utils/short-date";

export const LINK_PREVIEW_LENGTH = 30;

/** Link previews in admin lists are cut at 30 characters (with an ellipsis when cut). */
export function previewLink(url: string | null | undefined, length = LINK_PREVIEW_LENGTH): string {
  if (!url) return "";
  return url.length > length ? `${url.slice(0, length)}...` : url;
}

/** When an item of a Manage tab was added, e.g. "Added Mar 4, 2026". */
export function addedOn(createdAt: Date | string | number): string {
  return `Added ${formatShortDate(createdAt)}`;
}

/** Role badge colours (docs/admin.md): admin red, moderator blue, member grey. */
export const roleBadgeClass: Record<string, string> = {
  admin: "bg-red-100 text-red-800 ring-red-200",
  moderator: "bg-blue-100 text-blue-800 ring-blue-200",
  member: "bg-slate-100 text-slate-700 ring-slate-200",
};
