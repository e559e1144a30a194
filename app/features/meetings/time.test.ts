import { describe, expect, it } from "vitest";
import { formatLongDate, formatTimeWithZone, isValidTimeZone, parseLocalDateTime, toLocalDateTimeValue } from "./time";

describe("meeting times in a named zone", () => {
  it("reads a datetime-local value as wall-clock time in the zone, across daylight saving", () => {
    expect(parseLocalDateTime("2026-11-26T18:00", "UTC")?.toISOString()).toBe("2026-11-26T18:00:00.000Z");
    expect(parseLocalDateTime("2026-11-26T18:00", "Europe/Paris")?.toISOString()).toBe("2026-11-26T17:00:00.000Z");
    expect(parseLocalDateTime("2026-07-02T18:00", "Europe/Paris")?.toISOString()).toBe("2026-07-02T16:00:00.000Z");
    expect(parseLocalDateTime("2026-07-02T18:00", "America/New_York")?.toISOString()).toBe("2026-07-02T22:00:00.000Z");
    expect(parseLocalDateTime("2026-11-26T09:30", "Asia/Kolkata")?.toISOString()).toBe("2026-11-26T04:00:00.000Z");
  });

  it("rejects what is not a datetime-local value", () => {
    expect(parseLocalDateTime("", "UTC")).toBeNull();
    expect(parseLocalDateTime("tomorrow", "UTC")).toBeNull();
    expect(parseLocalDateTime("2026-02-30T10:00", "UTC")).toBeNull();
    expect(parseLocalDateTime("2026-13-01T10:00", "UTC")).toBeNull();
  });

  it("round-trips to the minute for the edit form", () => {
    const date = new Date("2026-03-29T16:45:00Z");
    expect(toLocalDateTimeValue(date, "Europe/Berlin")).toBe("2026-03-29T18:45");
    expect(parseLocalDateTime(toLocalDateTimeValue(date, "Europe/Berlin"), "Europe/Berlin")?.getTime()).toBe(date.getTime());
  });

  it("formats the long date and always names the zone", () => {
    const date = new Date("2026-11-26T18:00:00Z");
    expect(formatLongDate(date, "UTC")).toBe("Thursday, November 26, 2026");
    expect(formatTimeWithZone(date, "UTC")).toBe("6:00 PM UTC");
    expect(formatTimeWithZone(date, "Europe/Paris")).toMatch(/^7:00 PM .+ \(Europe\/Paris\)$/);
  });

  it("accepts only zones Intl knows", () => {
    expect(isValidTimeZone("Europe/Paris")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
    expect(isValidTimeZone(null)).toBe(false);
  });
});
