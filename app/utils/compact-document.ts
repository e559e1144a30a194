/**
 * React Router writes two inline scripts into every document pretty-printed: the route manifest
 * (`JSON.stringify(manifest, null, 2)`) and `<ScrollRestoration>`'s restoring function (its source
 * as written, indented). Compacted they are ≈1 KB smaller on every page (docs/decisions/0091-public-apis-only.md).
 * This works on the rendered text only (no framework internals): if a version writes them
 * differently, the text is left as it is and tests/html-weight.e2e.ts, which holds /discussions
 * at 40 KB, fails; app/utils/compact-document.test.ts checks the form this version writes.
 * Each distinct script is compacted once and checked to still parse (a script that would not is
 * left as it is); the results are kept (bounded: a manifest differs per set of matched routes).
 */
const MANIFEST = /(window\.__reactRouterManifest = )(\{\n[\s\S]*?\n\});/;
const SCROLL_RESTORATION = /(<script[^>]*>)(\(\(storageKey\d*, restoreKey\) => \{\n[\s\S]*?\n {2}\}\)\("[^"<]*", (?:null|"[^"<]*")\))(<\/script>)/;
const MAX_REMEMBERED = 1_000;
const compacted = new Map<string, string>();

function remembered(source: string, compact: (source: string) => string): string {
  let result = compacted.get(source);
  if (result === undefined) {
    result = compact(source);
    if (compacted.size >= MAX_REMEMBERED) compacted.delete(compacted.keys().next().value as string);
    compacted.set(source, result);
  }
  return result;
}

function compactJson(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json));
  } catch {
    return json;
  }
}

/** The function's lines joined: every line of it ends a statement or a block, which the parse check confirms. */
function compactFunction(source: string): string {
  const joined = source.replace(/\n\s*/g, "");
  try {
    new Function(joined);
    return joined;
  } catch {
    return source;
  }
}

/** The document with the router's manifest and scroll-restoration scripts written compactly. */
export function compactDocument(html: string): string {
  return html
    .replace(MANIFEST, (_whole, head: string, json: string) => `${head}${remembered(json, compactJson)};`)
    .replace(SCROLL_RESTORATION, (_whole, open: string, script: string, close: string) => `${open}${remembered(script, compactFunction)}${close}`);
}
