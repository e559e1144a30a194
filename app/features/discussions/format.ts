/** Dates as members read them, the same on the server and in the browser (UTC, so hydration agrees). */
export function formatPostDate(value: Date | string | number): string {
  return new Date(value).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
}

export function formatPostDateTime(value: Date | string | number): string {
  return new Date(value).toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });
}

/** SPEC's counter texts: 'N likes', 'N replies'. */
export const likesLabel = (count: number) => `${count} likes`;
export const repliesLabel = (count: number) => `${count} replies`;
