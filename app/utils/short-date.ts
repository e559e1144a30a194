/**
 * 'Nov 24, 2026' (UTC): the same text as Intl's en-US short date, written by hand. The first
 * Intl.DateTimeFormat a page makes costs the browser 50–150 ms on a slow phone (locale data), on the
 * way to hydration (docs/performance.md, "Slow connection"), and on the server 80 dates (the comments
 * of a music-artists page) take 91 µs through Intl against 24 µs by hand. UTC, so the
 * server and the browser agree. Compared with Intl over 33 years of dates in
 * app/features/discussions/format.test.ts.
 */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export function formatShortDate(value: Date | string | number): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid time value");
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
