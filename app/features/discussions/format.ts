/** Dates as members read them, the same on the server and in the browser (UTC, so hydration agrees). */
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

/** SPEC's counter texts: 'N likes', 'N replies'. */
export const likesLabel = (count: number) => `${count} likes`;
export const repliesLabel = (count: number) => `${count} replies`;
