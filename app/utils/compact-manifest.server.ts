/**
 * Remix writes the page's route manifest into every document pretty-printed (two-space
 * indentation, a line per key): ≈40 % of its ≈1.7 KB is whitespace. This re-serialises it
 * compactly after rendering (docs/performance.md, "Page weight"); anything unexpected leaves the
 * document as it was.
 */
const START = "window.__remixManifest = ";
const END = ";\nwindow.__remixRouteModules";

export function compactRemixManifest(html: string): string {
  const start = html.indexOf(START);
  if (start < 0) return html;
  const from = start + START.length;
  const end = html.indexOf(END, from);
  if (end < 0) return html;
  let json: string;
  try {
    json = JSON.stringify(JSON.parse(html.slice(from, end)));
  } catch {
    return html;
  }
  return html.slice(0, from) + json + html.slice(end);
}
