/**
 * iCalendar (RFC 5545) for the meetings feed and the per-meeting 'Add to calendar' file:
 * CRLF line endings, lines folded at 75 octets (never inside a UTF-8 character), TEXT values
 * escaped (backslash, semicolon, comma, newline), times in UTC ('Z' form).
 * parseCalendar() reads it back (for tests and for anyone checking a feed).
 */

export type CalendarEvent = {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  url: string;
  stamp: Date;
  created?: Date;
};

const CRLF = "\r\n";
const MAX_OCTETS = 75;

/** Escapes a TEXT value (RFC 5545 section 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Undoes escapeText. */
export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, character: string) => (character === "n" || character === "N" ? "\n" : character));
}

/** Folds a content line into lines of at most 75 octets; continuation lines start with a space. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const pieces: string[] = [];
  let current = "";
  let currentOctets = 0;
  for (const character of line) {
    const octets = encoder.encode(character).length;
    const limit = pieces.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (currentOctets + octets > limit) {
      pieces.push(current);
      current = "";
      currentOctets = 0;
    }
    current += character;
    currentOctets += octets;
  }
  pieces.push(current);
  return pieces.join(`${CRLF} `);
}

/** 20261126T180000Z */
export function formatUtc(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

function parseUtc(value: string): Date {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) throw new Error(`Not a UTC date-time: ${value}`);
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second));
}

/** A whole VCALENDAR with one VEVENT per event. */
export function buildCalendar({ name, events }: { name: string; events: CalendarEvent[] }): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Quads//Weekly Meetings//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(name)}`,
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
  ];
  for (const event of events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${event.uid}`,
      `DTSTAMP:${formatUtc(event.stamp)}`,
      `DTSTART:${formatUtc(event.start)}`,
      `DTEND:${formatUtc(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      `URL:${event.url}`,
      ...(event.created ? [`CREATED:${formatUtc(event.created)}`] : []),
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join(CRLF) + CRLF;
}

export type ParsedCalendar = {
  properties: Record<string, string>;
  events: { uid: string; start: Date; end: Date; stamp: Date; summary: string; description: string; url: string }[];
};

/**
 * Parses what buildCalendar writes (and other simple calendars): checks CRLF endings and
 * the 75-octet limit, unfolds, and unescapes TEXT values. Throws on malformed input.
 */
export function parseCalendar(text: string): ParsedCalendar {
  if (!text.endsWith(CRLF)) throw new Error("A calendar must end with CRLF");
  if (/[^\r]\n/.test(text)) throw new Error("Every line must end with CRLF");
  const physical = text.slice(0, -CRLF.length).split(CRLF);
  const encoder = new TextEncoder();
  for (const line of physical) {
    if (encoder.encode(line).length > MAX_OCTETS) throw new Error(`Line longer than 75 octets: ${line}`);
  }
  const logical: string[] = [];
  for (const line of physical) {
    if (line.startsWith(" ") || line.startsWith("\t")) {
      if (logical.length === 0) throw new Error("A calendar cannot start with a continuation line");
      logical[logical.length - 1] += line.slice(1);
    } else {
      logical.push(line);
    }
  }
  if (logical[0] !== "BEGIN:VCALENDAR" || logical[logical.length - 1] !== "END:VCALENDAR") throw new Error("Not a VCALENDAR");
  const properties: Record<string, string> = {};
  const events: ParsedCalendar["events"] = [];
  let event: Record<string, string> | null = null;
  for (const line of logical.slice(1, -1)) {
    const colon = line.indexOf(":");
    if (colon < 1) throw new Error(`Malformed line: ${line}`);
    const name = line.slice(0, colon).split(";")[0].toUpperCase();
    const value = line.slice(colon + 1);
    if (name === "BEGIN" && value === "VEVENT") {
      event = {};
    } else if (name === "END" && value === "VEVENT") {
      if (!event) throw new Error("END:VEVENT without BEGIN");
      for (const required of ["UID", "DTSTAMP", "DTSTART"]) {
        if (!event[required]) throw new Error(`VEVENT without ${required}`);
      }
      events.push({
        uid: event.UID,
        start: parseUtc(event.DTSTART),
        end: parseUtc(event.DTEND ?? event.DTSTART),
        stamp: parseUtc(event.DTSTAMP),
        summary: unescapeText(event.SUMMARY ?? ""),
        description: unescapeText(event.DESCRIPTION ?? ""),
        url: event.URL ?? "",
      });
      event = null;
    } else if (event) {
      event[name] = value;
    } else {
      properties[name] = value;
    }
  }
  if (event) throw new Error("Unterminated VEVENT");
  if (properties.VERSION !== "2.0" || !properties.PRODID) throw new Error("A calendar needs VERSION:2.0 and PRODID");
  return { properties, events };
}
