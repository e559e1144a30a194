/** Dates as members read them, the same on the server and in the browser (UTC, so hydration agrees). */
import { countLabel } from "~/utils/plural";
// The list's dates are written by hand, not with Intl: the first Intl.DateTimeFormat a page makes
// costs the browser 50–150 ms on a slow phone (locale data), on the way to hydration
// (docs/performance.md, "Slow connection"). The same text as Intl's en-US short date, in UTC.
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** 'Nov 24, 2026' (UTC). */
export function formatPostDate(value: Date | string | number): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid time value");
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

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
