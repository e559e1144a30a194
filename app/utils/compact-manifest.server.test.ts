import { describe, expect, it } from "vitest";
import { compactRemixManifest } from "./compact-manifest.server";

const manifest = { entry: { module: "/assets/entry.js", imports: ["/assets/shell.js"] }, routes: { root: { id: "root", path: "", hasLoader: true } }, version: "ab12" };
const page = (json: string) =>
  `<html><body><script type="module">import * as route0 from "/assets/root.js";\nwindow.__remixManifest = ${json};\nwindow.__remixRouteModules = {"root":route0};\nimport("/assets/entry.js");</script></body></html>`;

describe("compactRemixManifest", () => {
  it("writes the manifest without whitespace and leaves the rest of the page as it was", () => {
    const out = compactRemixManifest(page(JSON.stringify(manifest, null, 2)));
    expect(out).toBe(page(JSON.stringify(manifest)));
  });

  it("leaves a page without a manifest, or with one it cannot read, untouched", () => {
    const plain = "<html><body>Hello ✓</body></html>";
    expect(compactRemixManifest(plain)).toBe(plain);
    const broken = page("{ not json");
    expect(compactRemixManifest(broken)).toBe(broken);
  });
});
