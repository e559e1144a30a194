import { describe, expect, it } from "vitest";
import { formatPostDate, formatPostDateTime } from "./format";

const intlDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

describe("formatPostDate", () => {
  it("writes the same text as Intl's en-US short date in UTC", () => {
    const start = Date.UTC(1999, 11, 25);
    for (let day = 0; day < 12_000; day += 7) {
      const time = start + day * 86_400_000 + (day % 24) * 3_600_000 + 59_999;
      expect(formatPostDate(time)).toBe(intlDate.format(new Date(time)));
    }
    expect(formatPostDate("2026-11-24T23:59:59Z")).toBe("Nov 24, 2026");
    expect(formatPostDate(new Date("2026-01-01T00:00:00Z"))).toBe("Jan 1, 2026");
  });

  it("refuses an invalid date as Intl does", () => {
    expect(() => formatPostDate("not a date")).toThrow(RangeError);
  });
});

describe("formatPostDateTime", () => {
  it("shows the time and the zone", () => {
    expect(formatPostDateTime("2026-11-24T15:05:00Z")).toBe("Nov 24, 2026, 3:05 PM UTC");
    expect(formatPostDateTime("2026-11-24T00:00:59Z")).toBe("Nov 24, 2026, 12:00 AM UTC");
    expect(formatPostDateTime("2026-11-24T12:09:00Z")).toBe("Nov 24, 2026, 12:09 PM UTC");
  });

  it("writes the same text as Intl's en-US short date and time in UTC", () => {
    const intl = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });
    const start = Date.UTC(1999, 11, 25);
    for (let step = 0; step < 12_000; step += 7) {
      const time = start + step * 86_400_000 + (step % 24) * 3_600_000 + (step % 60) * 60_000 + 59_999;
      // Intl may write a narrow no-break space before AM/PM (ICU 72+): the same text otherwise.
      expect(formatPostDateTime(time)).toBe(intl.format(new Date(time)).replace(/\u202f/g, " "));
    }
  });

  it("refuses an invalid date as Intl does", () => {
    expect(() => formatPostDateTime("not a date")).toThrow(RangeError);
  });
});
