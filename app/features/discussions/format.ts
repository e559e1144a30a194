/** Dates as members read them, the same on the server and in the browser (UTC, so hydration agrees). */
import { countLabel } from "~/utils/plural";
// One formatter each, made once: toLocaleDateString builds a new Intl formatter on every call,
// which cost ~0.3 ms per date (a list page formats dozens). See docs/performance.md.
const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

export function formatPostDate(value: Date | string | number): string {
  return dateFormat.format(new Date(value));
}

export function formatPostDateTime(value: Date | string | number): string {
  return dateTimeFormat.format(new Date(value));
}

/** The counter texts: '1 like', '2 likes', '1 reply', '0 replies'. */
export const likesLabel = (count: number) => countLabel(count, "like");
export const repliesLabel = (count: number) => countLabel(count, "reply", "replies");
