/** Reading a Server-Sent Events body in the tests (GET /events: docs/discussions.md, "Live updates"). */

/** The named events (`event:` and a JSON `data:`) complete in `buffer`, and what is left after them (comments such as heartbeats are skipped). */
export function takeEvents(buffer: string): { events: { event: string; data: unknown }[]; rest: string } {
  const events: { event: string; data: unknown }[] = [];
  let rest = buffer;
  let end: number;
  while ((end = rest.indexOf("\n\n")) >= 0) {
    const block = rest.slice(0, end);
    rest = rest.slice(end + 2);
    const name = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.+)$/m.exec(block)?.[1];
    if (name && data) events.push({ event: name, data: JSON.parse(data) as unknown });
  }
  return { events, rest };
}
