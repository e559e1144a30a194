import { describe, expect, it } from "vitest";
import { buildCalendar, escapeText, foldLine, formatUtc, parseCalendar } from "./ics";

const stamp = new Date("2026-11-20T10:00:00Z");

describe("iCalendar (RFC 5545)", () => {
  it("escapes backslashes, semicolons, commas and newlines in TEXT values", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("folds lines at 75 octets without splitting a UTF-8 character", () => {
    const folded = foldLine(`DESCRIPTION:${"é".repeat(100)}`);
    const lines = folded.split("\r\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(" "))).toBe(true);
    expect(lines.map((line, index) => (index === 0 ? line : line.slice(1))).join("")).toBe(`DESCRIPTION:${"é".repeat(100)}`);
  });

  it("writes UTC times in the Z form", () => {
    expect(formatUtc(new Date("2026-11-26T18:05:09.123Z"))).toBe("20261126T180509Z");
  });

  it("builds a calendar with CRLF endings that parses back to the same events", () => {
    const description = "Bring questions; slides, code\nand a \\ backslash. " + "Long text ".repeat(20);
    const text = buildCalendar({
      name: "Quads Weekly Meetings",
      events: [
        {
          uid: "meeting-1@quads.example",
          start: new Date("2026-11-26T18:00:00Z"),
          end: new Date("2026-11-26T19:30:00Z"),
          summary: "RAG, agents; and more",
          description,
          url: "https://quads.example/meetings#meeting-1",
          stamp,
        },
      ],
    });
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text).not.toMatch(/[^\r]\n/);
    expect(text).toContain("SUMMARY:RAG\\, agents\\; and more\r\n");
    const parsed = parseCalendar(text);
    expect(parsed.properties.VERSION).toBe("2.0");
    expect(parsed.properties["X-WR-CALNAME"]).toBe("Quads Weekly Meetings");
    expect(parsed.events).toEqual([
      {
        uid: "meeting-1@quads.example",
        start: new Date("2026-11-26T18:00:00Z"),
        end: new Date("2026-11-26T19:30:00Z"),
        stamp,
        summary: "RAG, agents; and more",
        description,
        url: "https://quads.example/meetings#meeting-1",
      },
    ]);
  });

  it("refuses malformed calendars", () => {
    expect(() => parseCalendar("BEGIN:VCALENDAR\nEND:VCALENDAR\n")).toThrow();
    expect(() => parseCalendar("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nEND:VCALENDAR\r\n")).toThrow();
  });
});
