/**
 * Meeting times in a named IANA time zone, with nothing but Intl (no date library).
 * Pure functions: used by the server to format, and to read the schedule form's
 * `datetime-local` value in the zone the form was shown in.
 */

/** Zones already checked (a bounded set: only names Intl accepts are kept). */
const validZones = new Set<string>();

/** Whether Intl knows this IANA time zone. */
export function isValidTimeZone(zone: string | null | undefined): zone is string {
  if (!zone || zone.length > 64) return false;
  if (validZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    validZones.add(zone);
    return true;
  } catch {
    return false;
  }
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function wallClockIn(date: Date, zone: string): WallClock {
  let formatter = partsFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormatters.set(zone, formatter);
  }
  const values: Record<string, number> = {};
  for (const part of formatter.formatToParts(date)) {
    if (part.type !== "literal") values[part.type] = Number(part.value);
  }
  return { year: values.year, month: values.month, day: values.day, hour: values.hour % 24, minute: values.minute, second: values.second };
}

/** The zone's offset from UTC at this instant, in milliseconds (positive east of Greenwich). */
function offsetAt(instantMs: number, zone: string): number {
  const wall = wallClockIn(new Date(instantMs), zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Reads a `datetime-local` value ("2026-11-26T18:00") as a wall-clock time in `zone`.
 * Returns null when the text is not such a value. A time skipped by a DST change moves forward.
 */
export function parseLocalDateTime(value: string, zone: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wallAsUtc);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  // Two passes find the right offset even across a daylight-saving change.
  let instant = wallAsUtc - offsetAt(wallAsUtc, zone);
  instant = wallAsUtc - offsetAt(instant, zone);
  return new Date(instant);
}

const pad = (value: number) => String(value).padStart(2, "0");

/** The `datetime-local` value (to the minute) of an instant in `zone`. */
export function toLocalDateTimeValue(date: Date, zone: string): string {
  const wall = wallClockIn(date, zone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone and style, made once (building an Intl formatter costs ~0.3 ms). */
function cachedFormat(zone: string, style: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone} ${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone: zone, ...options });
    formatters.set(key, formatter);
  }
  return formatter;
}

const texts = new Map<string, string>();

/**
 * A formatted text kept by style, zone and instant: the meetings pages format the same few
 * meetings' times on every view, and each Intl call costs more than the rest of a card
 * (docs/performance.md, "Fourth slice"). Bounded: the oldest entry goes first.
 */
function rememberedText(style: string, date: Date, zone: string, format: () => string): string {
  const key = `${style} ${zone} ${date.getTime()}`;
  let text = texts.get(key);
  if (text === undefined) {
    text = format();
    if (texts.size >= 5_000) texts.delete(texts.keys().next().value as string);
    texts.set(key, text);
  }
  return text;
}

/** "Thursday, November 26, 2026" in `zone`. */
export function formatLongDate(date: Date, zone: string): string {
  return rememberedText("long", date, zone, () => cachedFormat(zone, "long", { weekday: "long", year: "numeric", month: "long", day: "numeric" }).format(date));
}

/** "Nov 26, 2026" in `zone`. */
export function formatShortDate(date: Date, zone: string): string {
  return cachedFormat(zone, "short", { year: "numeric", month: "short", day: "numeric" }).format(date);
}

/** "6:00 PM" in `zone`. */
export function formatTime(date: Date, zone: string): string {
  return cachedFormat(zone, "time", { hour: "numeric", minute: "2-digit" }).format(date);
}

/** The zone's short name at that instant ("CET", "GMT+1", "UTC"). */
export function timeZoneAbbreviation(date: Date, zone: string): string {
  const part = cachedFormat(zone, "zone", { timeZoneName: "short" })
    .formatToParts(date)
    .find((candidate) => candidate.type === "timeZoneName");
  return part?.value ?? zone;
}

/** "6:00 PM CET (Europe/Paris)": the time, always naming its zone. */
export function formatTimeWithZone(date: Date, zone: string): string {
  return rememberedText("time-zone", date, zone, () => {
    const abbreviation = timeZoneAbbreviation(date, zone);
    return abbreviation === zone ? `${formatTime(date, zone)} ${zone}` : `${formatTime(date, zone)} ${abbreviation} (${zone})`;
  });
}
