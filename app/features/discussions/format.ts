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

// Made once, on first use: toLocaleDateString builds a new Intl formatter on every call, which
// cost ~0.3 ms per date (a list page formats dozens). See docs/performance.md.
let dateTimeFormat: Intl.DateTimeFormat | undefined;

export function formatPostDateTime(value: Date | string | number): string {
  dateTimeFormat ??= new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });
  return dateTimeFormat.format(new Date(value));
}

/** The counter texts: '1 like', '2 likes', '1 reply', '0 replies'. */
export const likesLabel = (count: number) => countLabel(count, "like");
export const repliesLabel = (count: number) => countLabel(count, "reply", "replies");
