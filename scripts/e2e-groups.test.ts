/**
 * The browser files that start servers of their own are the ones vitest.e2e.config.ts lists in
 * OWN_SERVER_FILES: `npm test` runs that list beside the shared-server files (scripts/test.sh), so a
 * file missing from it would run twice (once per engine of the shared server) for nothing.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { OWN_SERVER_FILES } from "../vitest.e2e.config";

const root = path.resolve(import.meta.dirname, "..");
const files = readdirSync(path.join(root, "tests"))
  .filter((name) => name.endsWith(".e2e.ts"))
  .map((name) => `tests/${name}`);
const startsItsOwn = /\b(startServer|startMultiBox|startAppServer)\(/;

describe("browser test groups", () => {
  it("lists every file that starts a server of its own, and only those", () => {
    const own = files.filter((file) => startsItsOwn.test(readFileSync(path.join(root, file), "utf8")));
    expect([...OWN_SERVER_FILES].sort()).toEqual(own.sort());
  });

});
