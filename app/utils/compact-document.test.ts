// @vitest-environment node
import { runInNewContext } from "node:vm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, ScrollRestoration } from "react-router";
import { describe, expect, it } from "vitest";
import { compactDocument, RESTORE_SCROLL_MINIFIED, RESTORE_SCROLL_SOURCE } from "./compact-document";

/** The manifest script as this version of React Router writes it (its server's `JSON.stringify(manifest, null, 2)`, the lines indented). */
const manifestScript = (manifest: object) =>
  `<script type="module" async="">;\nimport * as route0 from "/assets/root.js";\n  window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)};\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client.js");</script>`;

/** `<ScrollRestoration>`'s script as the installed React Router renders it. */
function renderedScrollRestoration(): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => createElement(ScrollRestoration, { nonce: "n", storageKey: "positions" }) }]);
  const html = renderToString(createElement(Stub, { initialEntries: ["/"] }));
  const script = /<script[^>]*>[\s\S]*?<\/script>/.exec(html)?.[0];
  if (!script) throw new Error(`no script in ${html}`);
  return script;
}

type Effects = { replaced: unknown[]; scrolled: unknown[]; removed: unknown[]; errors: number; state: unknown };

/** Runs a restoring function against a fake window and session storage, and records what it did. */
function runRestore(source: string, { state, stored, restoreKey }: { state: unknown; stored: string | null; restoreKey: string | null }): Effects {
  const effects: Effects = { replaced: [], scrolled: [], removed: [], errors: 0, state };
  const history = {
    get state() {
      return effects.state;
    },
    replaceState(value: unknown) {
      effects.replaced.push(value);
      effects.state = value;
    },
  };
  const context = {
    window: { history, scrollTo: (...args: unknown[]) => effects.scrolled.push(args) },
    sessionStorage: { getItem: () => stored, removeItem: (key: string) => effects.removed.push(key) },
    console: { error: () => (effects.errors += 1) },
    JSON,
    Math: Object.assign(Object.create(Math) as Math, { random: () => 0.5 }),
  };
  runInNewContext(`(${source})("positions", ${JSON.stringify(restoreKey)})`, context);
  return JSON.parse(JSON.stringify(effects)) as Effects;
}

describe("compactDocument", () => {
  it("writes the route manifest without indentation, same data", () => {
    const manifest = { entry: { module: "/assets/entry.client.js", imports: ["/assets/shell.js"] }, routes: { root: { id: "root", path: "" } }, version: "1" };
    const html = compactDocument(manifestScript(manifest)).join("");
    expect(html).toContain(`\nwindow.__reactRouterManifest = ${JSON.stringify(manifest)};\nwindow.__reactRouterRouteModules = {"root":route0};`);
    expect(html.length).toBeLessThan(manifestScript(manifest).length);
  });

  it("the installed React Router writes the restoring function this module knows (else nothing is replaced: re-check on upgrade)", () => {
    const script = renderedScrollRestoration();
    expect(script).toBe(`<script nonce="n">(${RESTORE_SCROLL_SOURCE})("positions", null)</script>`);
    const compact = compactDocument(script).join("");
    expect(compact).toBe(`<script nonce="n">(${RESTORE_SCROLL_MINIFIED})("positions",null)</script>`);
    expect(script.length - compact.length).toBeGreaterThan(190);
  });

  it("the minified restoring function does what React Router's does, in every branch", () => {
    const cases = [
      { state: null, stored: null, restoreKey: null }, // first visit: a key is made, nothing stored
      { state: { key: "abc" }, stored: JSON.stringify({ abc: 420 }), restoreKey: null }, // reload: scrolls back
      { state: { key: "abc" }, stored: JSON.stringify({ abc: "420" }), restoreKey: null }, // not a number: no scroll
      { state: { key: "abc" }, stored: JSON.stringify({ custom: 90 }), restoreKey: "custom" }, // a getKey key wins
      { state: { other: 1 }, stored: JSON.stringify({}), restoreKey: null }, // a state without a key gets one
      { state: { key: "abc" }, stored: "{not json", restoreKey: null }, // broken storage: logged and removed
    ];
    for (const scenario of cases) {
      const original = runRestore(RESTORE_SCROLL_SOURCE, scenario);
      expect(runRestore(RESTORE_SCROLL_MINIFIED, scenario)).toEqual(original);
    }
    expect(runRestore(RESTORE_SCROLL_SOURCE, cases[1]).scrolled).toEqual([[0, 420]]);
    expect(runRestore(RESTORE_SCROLL_SOURCE, cases[5]).removed).toEqual(["positions"]);
  });

  it("also compacts the function when the server's bundle renamed its first parameter (storageKey22: vite.config.ts, decision 0096)", () => {
    const renamed = RESTORE_SCROLL_SOURCE.replaceAll("storageKey2", "storageKey22");
    const script = `<script nonce="n">(${renamed})("positions", null)</script>`;
    expect(compactDocument(script).join("")).toBe(`<script nonce="n">(${RESTORE_SCROLL_MINIFIED})("positions",null)</script>`);
    // The renamed function does what the original does (the minified twin is checked against the original above).
    expect(runRestore(renamed, { state: { key: "abc" }, stored: JSON.stringify({ abc: 420 }), restoreKey: null }).scrolled).toEqual([[0, 420]]);
  });

  it("does not take a renamed parameter for the original when the original name means something else there", () => {
    const shadowed = RESTORE_SCROLL_SOURCE.replace("(storageKey2, restoreKey)", "(storageKey3, restoreKey)").replace("sessionStorage.removeItem(storageKey2)", "sessionStorage.removeItem(storageKey3)");
    const script = `<script nonce="n">(${shadowed})("positions", null)</script>`;
    expect(compactDocument(script).join("")).toBe(script);
  });

  it("leaves a restoring function it does not know as it is", () => {
    const changed = `<script nonce="n">(${RESTORE_SCROLL_SOURCE.replace("scrollTo(0, storedY)", "scrollTo({ top: storedY })")})("positions", null)</script>`;
    expect(compactDocument(changed).join("")).toBe(changed);
  });

  it("leaves a document without those scripts as it is", () => {
    const html = "<!DOCTYPE html><html><body><script>let a = 1;\n  a++;</script></body></html>";
    expect(compactDocument(html).join("")).toBe(html);
  });

  it("compacts both scripts of one page in either order, and leaves a post that quotes the manifest's first line alone", () => {
    const manifest = { entry: { module: "/assets/entry.client.js", imports: [] }, routes: {}, version: "2" };
    const scroll = `<script nonce="n">(${RESTORE_SCROLL_SOURCE})("positions", null)</script>`;
    const quoted = `<p>\n  window.__reactRouterManifest = {\n</p>`;
    const compactScroll = `<script nonce="n">(${RESTORE_SCROLL_MINIFIED})("positions",null)</script>`;
    const compactManifest = `\nwindow.__reactRouterManifest = ${JSON.stringify(manifest)};\nwindow.__reactRouterRouteModules = {"root":route0};`;
    for (const [first, second] of [[scroll, manifestScript(manifest)], [manifestScript(manifest), scroll]]) {
      const page = `<body>${quoted}${first}<main>é ✓</main>${second}</body>`;
      const pieces = compactDocument(page);
      const html = pieces.join("");
      expect(html.startsWith(`<body>${quoted}`)).toBe(true);
      expect(html).toContain(compactScroll);
      expect(html).toContain(compactManifest);
      expect(html).toContain("<main>é ✓</main>");
      expect(html.endsWith("</body>")).toBe(true);
      expect(pieces.length).toBe(5);
    }
  });
});
