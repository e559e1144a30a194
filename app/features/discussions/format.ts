/** Dates as members read them, the same on the server and in the browser (UTC, so hydration agrees). */
import { countLabel } from "~/utils/plural";
// One formatter each, made once: toLocaleDateString builds a new Intl formatter on every call,
// which cost ~0.3 ms per date (a list page formats dozens). See docs/performance.md. Each is made
// on its first use, not when the module loads: a formatter costs the browser tens of milliseconds
// on a slow phone, and the discussion list shows only dates (docs/performance.md, "Slow connection").
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;

export function formatPostDate(value: Date | string | number): string {
  dateFormat ??= new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
  return dateFormat.format(new Date(value));
}

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
