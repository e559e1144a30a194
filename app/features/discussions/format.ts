/** Dates as members read them, the same on the server and in the browser (UTC, so hydration agrees). */
import { formatShortDate } from "~/utils/short-date";
import { countLabel } from "~/utils/plural";

/** 'Nov 24, 2026' (UTC), written by hand like every short date (app/utils/short-date.ts). */
export const formatPostDate = formatShortDate;

/**
 * 'Nov 24, 2026, 3:05 PM UTC': Intl's en-US short date and time in UTC, written by hand like
 * formatPostDate. Intl's format() cost ~3 µs a date on the server (a conversation formats 50 per
 * view, docs/performance.md, "Private conversations"), and the browser needs no Intl formatter for it.
 */
export function formatPostDateTime(value: Date | string | number): string {
  const date = new Date(value);
  const hours = date.getUTCHours();
  const minutes = date.getUTCMinutes();
  return `${formatPostDate(date)}, ${hours % 12 || 12}:${minutes < 10 ? "0" : ""}${minutes} ${hours < 12 ? "AM" : "PM"} UTC`;
}

/** The counter texts: '1 like', '2 likes', '1 reply', '0 replies'. */
export const likesLabel = (count: number) => countLabel(count, "like");
export const repliesLabel = (count: number) => countLabel(count, "reply", "replies");
