import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { applyServerCaches, SERVER_CACHES } from "./react-router-caches";

const productionBuild = path.resolve("node_modules/react-router/dist/production");
const modules = readdirSync(productionBuild)
  .filter((file) => file.endsWith(".mjs"))
  .map((file) => readFileSync(path.join(productionBuild, file), "utf8"));

describe("React Router's server caches (decision 0097)", () => {
  it("are all written into the installed React Router's production build", () => {
    const applied = new Set(modules.flatMap((code) => applyServerCaches(code).applied));
    expect([...applied].sort()).toEqual([...SERVER_CACHES].sort());
  });

  it("leave a module without the code they replace as it was", () => {
    expect(applyServerCaches("export const x = 1;\n")).toEqual({ code: "export const x = 1;\n", applied: [] });
  });

  it("build the route modules, the route tree, the data routes, a path's matches and its branch once, and give back the same objects", () => {
    const helpers = modules.map((code) => applyServerCaches(code)).filter((result) => result.applied.length > 0);
    // The helpers alone (each written after its module's code), run as plain functions.
    const helpersSource = helpers.map((result) => result.code.slice(result.code.indexOf("\nvar quads"))).join("\n");
    const api = new Function(`${helpersSource}; return { quadsCachedRouteModules, quadsCachedServerRoutes, quadsCachedDataRoutes, quadsMatchedRouteIds, quadsMatchedBranches };`)() as {
      quadsCachedRouteModules: (manifest: object, build: () => unknown) => unknown;
      quadsCachedServerRoutes: (manifestRoutes: object, routeModules: object, isSpaMode: boolean, build: () => unknown) => unknown;
      quadsCachedDataRoutes: (routes: object, build: () => unknown) => unknown;
      quadsMatchedRouteIds: (router: object, path: string, match: () => string[]) => string[];
      quadsMatchedBranches: (branches: object[]) => Map<string, number>;
    };

    const buildRoutes = {};
    const entryModules = api.quadsCachedRouteModules(buildRoutes, () => ({}));
    expect(api.quadsCachedRouteModules(buildRoutes, () => ({}))).toBe(entryModules);

    const manifestRoutes = {};
    const routeModules = {};
    let builds = 0;
    const tree = () => ({ tree: ++builds });
    const first = api.quadsCachedServerRoutes(manifestRoutes, routeModules, false, tree);
    expect(api.quadsCachedServerRoutes(manifestRoutes, routeModules, false, tree)).toBe(first);
    expect(api.quadsCachedServerRoutes(manifestRoutes, {}, false, tree)).not.toBe(first);
    expect(builds).toBe(2);

    const routes: object[] = [];
    const dataRoutes = api.quadsCachedDataRoutes(routes, () => ({ manifest: {}, dataRoutes: [] }));
    expect(api.quadsCachedDataRoutes(routes, () => ({ manifest: {}, dataRoutes: [] }))).toBe(dataRoutes);

    let matches = 0;
    const router = { branches: [], basename: "/" };
    const ids = api.quadsMatchedRouteIds(router, "/", () => (matches++, ["root", "routes/_index"]));
    expect(api.quadsMatchedRouteIds(router, "/", () => (matches++, []))).toBe(ids);
    expect(api.quadsMatchedRouteIds(router, "/post", () => (matches++, ["root"]))).toEqual(["root"]);
    expect(api.quadsMatchedRouteIds({ branches: [], basename: "/" }, "/", () => (matches++, ["root"]))).toEqual(["root"]);
    expect(matches).toBe(3);

    const branches: object[] = [];
    expect(api.quadsMatchedBranches(branches)).toBe(api.quadsMatchedBranches(branches));
    expect(api.quadsMatchedBranches([])).not.toBe(api.quadsMatchedBranches(branches));
  });
});
