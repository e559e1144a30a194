import { describe, expect, it } from "vitest";
import { compactDocument } from "./compact-document";

/** The manifest script as this version of React Router writes it (its server's `JSON.stringify(manifest, null, 2)`). */
const manifestScript = (manifest: object) =>
  `<script type="module" async="">;\nimport * as route0 from "/assets/root.js";\n  window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)};\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client.js");</script>`;

/** `<ScrollRestoration>`'s script as React Router 7.18 renders it into a document. */
const SCROLL_RESTORATION_SCRIPT = "((storageKey2, restoreKey) => {\n    if (!window.history.state || !window.history.state.key) {\n      let key = Math.random().toString(32).slice(2);\n      window.history.replaceState({ key }, \"\");\n    }\n    try {\n      let positions = JSON.parse(sessionStorage.getItem(storageKey2) || \"{}\");\n      let storedY = positions[restoreKey || window.history.state.key];\n      if (typeof storedY === \"number\") {\n        window.scrollTo(0, storedY);\n      }\n    } catch (error) {\n      console.error(error);\n      sessionStorage.removeItem(storageKey2);\n    }\n  })(\"react-router-scroll-positions\", null)";

describe("compactDocument", () => {
  it("writes the route manifest without indentation, same data", () => {
    const manifest = { entry: { module: "/assets/entry.client.js", imports: ["/assets/shell.js"] }, routes: { root: { id: "root", path: "" } }, version: "1" };
    const html = compactDocument(manifestScript(manifest));
    expect(html).toContain(`window.__reactRouterManifest = ${JSON.stringify(manifest)};`);
    expect(html.length).toBeLessThan(manifestScript(manifest).length);
  });

  it("compacts the scroll-restoration script as this version renders it, and it still parses", () => {
    const original = `<script nonce="n">${SCROLL_RESTORATION_SCRIPT}</script>`;
    const compact = compactDocument(original);
    expect(compact.length).toBeLessThan(original.length - 80);
    expect(() => new Function(compact.replace(/<\/?script[^>]*>/g, ""))).not.toThrow();
  });

  it("leaves a document without those scripts as it is", () => {
    const html = "<!DOCTYPE html><html><body><script>let a = 1;\n  a++;</script></body></html>";
    expect(compactDocument(html)).toBe(html);
  });
});
