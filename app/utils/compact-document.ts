/**
 * React Router writes two inline scripts into every document in a long form: the route manifest
 * pretty-printed (`JSON.stringify(manifest, null, 2)`, its lines indented) and `<ScrollRestoration>`'s
 * restoring function as its source reads (indented, long names). Compacted they are ≈1.2 KB smaller on
 * every page (docs/decisions/0091-public-apis-only.md, docs/decisions/0093-html-weight-under-react-router.md).
 * This works on the rendered text only (no framework internals), found by fixed text rather than
 * regular expressions over the page (`compactDocument` below): the manifest is re-serialized,
 * and the restoring function is replaced by its minified twin only when the text is exactly the
 * source this version writes, up to the name of its first parameter: the server's bundle of React
 * Router (vite.config.ts, decision 0096) may rename `storageKey2` (it wrote `storageKey22`), which
 * changes nothing the function does. If a version writes either differently, the text is left as it is and
 * tests/html-weight.e2e.ts, which holds /discussions at 40 KB, fails; app/utils/compact-document.test.ts
 * holds this version's script and runs both forms of the function side by side.
 */
const MANIFEST_HEAD = "\n  window.__reactRouterManifest = {\n";
const MANIFEST_TAIL = "\n};\n  window.__reactRouterRouteModules = ";
/** The restoring function's script, from its opening tag; applied (sticky) where its marker is found. */
const SCROLL_RESTORATION = /(<script[^>]*>)\((\((storageKey\d*), restoreKey\) => \{\n[\s\S]*?\n {2}\})\)(\("[^"<]*", (?:null|"[^"<]*")\)<\/script>)/y;
const SCROLL_MARKER = ", restoreKey) => {\n";

/** `<ScrollRestoration>`'s restoring function as React Router 7.18 writes it (`restoreScroll.toString()`). */
export const RESTORE_SCROLL_SOURCE = `(storageKey2, restoreKey) => {
    if (!window.history.state || !window.history.state.key) {
      let key = Math.random().toString(32).slice(2);
      window.history.replaceState({ key }, "");
    }
    try {
      let positions = JSON.parse(sessionStorage.getItem(storageKey2) || "{}");
      let storedY = positions[restoreKey || window.history.state.key];
      if (typeof storedY === "number") {
        window.scrollTo(0, storedY);
      }
    } catch (error) {
      console.error(error);
      sessionStorage.removeItem(storageKey2);
    }
  }`;

/** The same function minified: same statements in the same order (compact-document.test.ts runs both). */
export const RESTORE_SCROLL_MINIFIED = `(k,r)=>{let h=window.history;if(!h.state||!h.state.key)h.replaceState({key:Math.random().toString(32).slice(2)},"");try{let y=JSON.parse(sessionStorage.getItem(k)||"{}")[r||h.state.key];if(typeof y=="number")window.scrollTo(0,y)}catch(e){console.error(e);sessionStorage.removeItem(k)}}`;

const MAX_REMEMBERED = 1_000;
const compactedManifests = new Map<string, string>();

function compactManifest(json: string): string {
  let result = compactedManifests.get(json);
  if (result === undefined) {
    try {
      result = JSON.stringify(JSON.parse(json));
    } catch {
      result = json;
    }
    // Bounded: a manifest differs per set of matched routes.
    if (compactedManifests.size >= MAX_REMEMBERED) compactedManifests.delete(compactedManifests.keys().next().value as string);
    compactedManifests.set(json, result);
  }
  return result;
}

/**
 * The restoring function with its first parameter named as in React Router's own source (`storageKey2`).
 * A text that already uses that name for something else is left unmatched (the renamed text would hide it).
 */
function asWritten(source: string, parameter: string): string {
  if (parameter === "storageKey2") return source;
  if (/\bstorageKey2\b/.test(source)) return source;
  return source.replace(new RegExp(`\\b${parameter}\\b`, "g"), "storageKey2");
}

/**
 * The document with the router's manifest and scroll-restoration scripts written compactly, as the
 * pieces of text to send in order (slices of `html` and the compacted scripts: a large page is not
 * copied again, app/utils/rendered-body.ts). Both scripts are found by their fixed text (`indexOf`),
 * the manifest from the end (it is the last script; a post quoting it comes before). Text typed by
 * members cannot hold either marker: `>` is written `&gt;` in HTML text and `\u003e` in the data.
 */
export function compactDocument(html: string): string[] {
  const edits: { at: number; end: number; text: string }[] = [];
  const markerAt = html.indexOf(SCROLL_MARKER);
  if (markerAt !== -1) {
    SCROLL_RESTORATION.lastIndex = html.lastIndexOf("<script", markerAt);
    const match = SCROLL_RESTORATION.exec(html);
    if (match) {
      const [whole, open, source, parameter, call] = match;
      if (asWritten(source, parameter) === RESTORE_SCROLL_SOURCE) {
        edits.push({ at: match.index, end: match.index + whole.length, text: `${open}(${RESTORE_SCROLL_MINIFIED})${call.replace(", ", ",")}` });
      }
    }
  }
  const manifestAt = html.lastIndexOf(MANIFEST_HEAD);
  const tailAt = manifestAt === -1 ? -1 : html.indexOf(MANIFEST_TAIL, manifestAt);
  if (tailAt !== -1) {
    const json = html.slice(manifestAt + MANIFEST_HEAD.length - 2, tailAt + 2); // from its "{\n" to its closing "\n}"
    const text = `\nwindow.__reactRouterManifest = ${compactManifest(json)};\nwindow.__reactRouterRouteModules = `;
    edits.push({ at: manifestAt, end: tailAt + MANIFEST_TAIL.length, text });
  }
  if (edits.length === 0) return [html];
  edits.sort((a, b) => a.at - b.at);
  const pieces: string[] = [];
  let from = 0;
  for (const edit of edits) {
    if (edit.at < from) continue; // overlapping edits cannot come from React Router's scripts
    pieces.push(html.slice(from, edit.at), edit.text);
    from = edit.end;
  }
  pieces.push(html.slice(from));
  return pieces;
}
