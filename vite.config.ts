import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import type { Plugin, Rollup } from "vite";
import { existsSync, readdirSync } from "node:fs";
import { applyServerCaches, SERVER_CACHES } from "./server/react-router-caches";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * One "shell" chunk for everything every page loads: React, React Router, the root route and the modules
 * it imports, plus the small helpers most routes import (`utils/meta`, `utils/plural`,
 * `utils/display-name`, `ui/field-errors`, `ui/page`: under 1.3 KB of code each, imported by 10 or
 * more routes). Rollup would
 * otherwise cut this into a vendor chunk plus many small shared chunks (routes, settings, nonce,
 * the preload helper, the root's own module behind a facade, each helper), and every chunk costs
 * ≈0.1–0.3 KB gzipped of imports, exports and lost compression context on every page that loads it
 * (docs/decisions/0078-shell-code-after-hydration.md).
 */
const ENTRY_CLIENT = /\/app\/entry\.client\.tsx$/;
const ROOT_ROUTE = "/app/root.tsx";

/**
 * The two entries of the shell: app/entry.client.tsx, and the entry chunk React Router's plugin
 * makes for the root route (an entry whose file is app/root.tsx, whatever query the plugin puts in
 * its id; the root's code itself then goes into the shell, and that entry stays a small facade).
 */
function isShellEntry(id: string, getModuleInfo: Rollup.ManualChunkMeta["getModuleInfo"]): boolean {
  return ENTRY_CLIENT.test(id) || (id.split("?")[0].endsWith(ROOT_ROUTE) && getModuleInfo(id)?.isEntry === true);
}
const ROUTE_ENTRY = /\/app\/routes\//;
const SMALL_HELPER = { maxCodeLength: 1_300, minRoutes: 10 };

/**
 * Modules that the same pages always load together, as one chunk instead of several (the list,
 * the new-discussion dialog and a post all show post meta, likes, buttons and the reply counts).
 */
const GROUPS: Record<string, RegExp> = {
  "discussion-parts": /\/app\/features\/discussions\/(components\/(button-class|post-meta|like-button|hidden-badge|use-hydrated)\.tsx?|format\.ts)$/,
};

let shellModules: Set<string> | undefined;
/** Modules the shell imports for the server only and loads with `import()` in the browser. */
const loadedOnUse = new Set<string>();
let groupImports: Set<string> | undefined;

function shellChunk(id: string, { getModuleIds, getModuleInfo }: Rollup.ManualChunkMeta): string | undefined {
  shellModules ??= shellModulesOf([...getModuleIds()], getModuleInfo);
  if (shellModules.has(id)) return isShellEntry(id, getModuleInfo) ? undefined : "shell";
  // Named, or Rollup would pull it into the shell with the modules that import it.
  if (loadedOnUse.has(id)) return path.basename(id).replace(/\.[jt]sx?$/, "");
  const group = Object.keys(GROUPS).find((name) => GROUPS[name].test(id));
  if (group) return group;
  // A module a group imports keeps a chunk of its own, with its own imports (Rollup would pull it
  // into the group, and every other page using it would load the whole group).
  groupImports ??= new Set(
    [...getModuleIds()]
      .filter((moduleId) => Object.values(GROUPS).some((pattern) => pattern.test(moduleId)))
      .flatMap((moduleId) => getModuleInfo(moduleId)?.importedIds ?? []),
  );
  // Not a module tree-shaking left out (a server-only stand-in, app/components/ui/idle-fetcher.tsx): it would be an empty chunk.
  const included = getModuleInfo(id)?.isIncluded !== false;
  return groupImports.has(id) && included && !id.includes("/node_modules/") ? path.basename(id).replace(/\.[jt]sx?$/, "") : undefined;
}

function shellModulesOf(moduleIds: string[], getModuleInfo: Rollup.ManualChunkMeta["getModuleInfo"]): Set<string> {
  const shell = staticClosure(
    moduleIds.filter((id) => isShellEntry(id, getModuleInfo)),
    getModuleInfo,
    loadedOnUse,
  );
  shell.add("\0vite/preload-helper.js");
  const routesImporting = new Map<string, number>();
  for (const route of moduleIds.filter((id) => ROUTE_ENTRY.test(id) && getModuleInfo(id)?.isEntry)) {
    for (const id of staticClosure([route], getModuleInfo)) routesImporting.set(id, (routesImporting.get(id) ?? 0) + 1);
  }
  for (const [id, routes] of routesImporting) {
    const info = getModuleInfo(id);
    const isSmallHelper = routes >= SMALL_HELPER.minRoutes && (info?.code?.length ?? Infinity) < SMALL_HELPER.maxCodeLength;
    // Only leaves: a helper that imports app code would drag that code into every page.
    if (isSmallHelper && !id.includes("/node_modules/") && info?.importedIds.every((imported) => shell.has(imported))) shell.add(id);
  }
  return shell;
}

/**
 * The modules `roots` import, directly or not. A module that is also imported with `import()` is
 * left out: the static import is for the server (`import.meta.env.SSR ? Module : lazy(...)`), and
 * the browser loads it on use.
 */
function staticClosure(roots: string[], getModuleInfo: Rollup.ManualChunkMeta["getModuleInfo"], lazyOnes = new Set<string>()): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    for (const importedId of getModuleInfo(id)?.importedIds ?? []) {
      if (getModuleInfo(importedId)?.dynamicImporters.length) lazyOnes.add(importedId);
      else queue.push(importedId);
    }
  }
  return seen;
}

const reactRouterPackage = fileURLToPath(new URL("./node_modules/react-router/", import.meta.url));
const reactRouterDist = path.join(reactRouterPackage, "dist/production/");

/**
 * The browser and the server run React Router's production build: the package's exports name only
 * its development build (remix-run/react-router#14102), whose dev warnings and checks would ship in
 * every page's JavaScript and run on every server render. A build-only resolver hands both
 * environments `react-router/dist/production`. On the server the build bundles that copy, with
 * `@react-router/node` and React Router's own nested dependencies (Node would resolve another
 * version of them from build/), and server/request-handler.ts takes React Router from the build
 * (app/entry.server.tsx): one instance serves the app, its contexts and the request handler
 * (docs/decisions/0096-react-router-production-build-on-the-server.md; tests/budgets.e2e.ts fails
 * when either side runs the development build).
 */
function reactRouterProductionBuild(): Plugin {
  const targets: Record<string, string> = { "react-router": "index.mjs", "react-router/dom": "dom-export.mjs" };
  const nestedDependencies = existsSync(path.join(reactRouterPackage, "node_modules")) ? readdirSync(path.join(reactRouterPackage, "node_modules")).filter((name) => !name.startsWith(".")) : [];
  return {
    name: "quads:react-router-production-build",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client" || environment.name === "ssr",
    configEnvironment(name) {
      if (name === "ssr") return { resolve: { noExternal: ["@react-router/node", ...nestedDependencies] } };
    },
    resolveId(id) {
      const file = targets[id];
      return file ? path.join(reactRouterDist, file) : undefined;
    },
  };
}

/**
 * Per-build caches in the server's React Router (server/react-router-caches.ts, decisions 0097 and 0100):
 * written into the production build the server bundle holds; the build fails when one cannot be.
 */
function reactRouterServerCaches(): Plugin {
  const applied = new Set<string>();
  return {
    name: "quads:react-router-server-caches",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      if (!id.startsWith(reactRouterDist) && !id.includes("/node_modules/react-router/dist/production/")) return undefined;
      const result = applyServerCaches(code);
      if (result.applied.length === 0) return undefined;
      for (const name of result.applied) applied.add(name);
      return { code: result.code, map: null };
    },
    buildEnd(error) {
      const missing = SERVER_CACHES.filter((name) => !applied.has(name));
      if (!error && missing.length > 0) this.error(`React Router's code changed: the server caches of decisions 0097 and 0100 could not be written (${missing.join(", ")}). See docs/decisions/0097-react-router-server-caches.md.`);
    },
  };
}

/** Where unit tests live (beside the code); tests/ holds the browser tests (vitest.e2e.config.ts). */
const TEST_FOLDERS = "app,db,scripts,server";

/**
 * Test files the "unit-pg" project leaves out: they test SQLite itself (its connections, files,
 * pragmas and migrator), which PostgreSQL replaces; their PostgreSQL side is in a `*.pg.test.ts`.
 */
const UNIT_PG_EXCLUDE = [
  // SQLite's connections: WAL, the read connection, busy timeouts, migrations of a file by several processes (PostgreSQL: db.server.pg.test.ts).
  "app/utils/db.server.test.ts",
  // Units of work on SQLite's one writer connection (its FIFO lock, BEGIN IMMEDIATE, busy timeouts; PostgreSQL's
  // units: db.server.pg.test.ts, hot-rows.pg.test.ts).
  "app/utils/db.server.units.test.ts",
  // Prepared-statement reuse on better-sqlite3 connections: no such cache on PostgreSQL.
  "app/utils/statement-cache.server.test.ts",
  // Another SQLite connection holds the file's write lock (BEGIN IMMEDIATE): SQLite's "database is busy".
  "app/routes/discussions-busy.test.ts",
];

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  plugins: [
    tailwindcss(),
    reactRouterProductionBuild(),
    reactRouterServerCaches(),
    // Off under Vitest (jsdom tests have no preamble); its options are in react-router.config.ts.
    !process.env.VITEST && reactRouter(),
  ],
  build: { target: "es2022", minify: "terser" },
  environments: {
    client: { build: { terserOptions: { compress: { passes: 2 }, format: { wrap_func_args: false } }, rollupOptions: { output: { manualChunks: shellChunk } } } },
    ssr: { build: { minify: false } },
  },
  test: {
    environment: "node",
    pool: "forks",
    testTimeout: 20000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [`{${TEST_FOLDERS}}/**/*.test.{ts,tsx}`],
          exclude: ["**/*.pg.test.ts", "**/node_modules/**"],
          setupFiles: ["app/test/setup.ts"],
        },
      },
      // The same unit and feature tests on PostgreSQL: each file gets a fresh database on the run's
      // throwaway server (app/test/setup-pg.ts). Left out: the PostgreSQL tests themselves, and the
      // tests of SQLite itself (UNIT_PG_EXCLUDE).
      {
        extends: true,
        test: {
          name: "unit-pg",
          include: [`{${TEST_FOLDERS}}/**/*.test.{ts,tsx}`],
          exclude: ["**/*.pg.test.ts", "**/node_modules/**", ...UNIT_PG_EXCLUDE],
          globalSetup: ["app/test/postgres-global-setup.ts"],
          setupFiles: ["app/test/setup-pg.ts"],
          hookTimeout: 60_000,
        },
      },
      // Tests against a real PostgreSQL server, started once for the run by the global setup
      // (only when one of these files runs; docs/decisions/0103-throwaway-postgres-for-tests.md).
      {
        extends: true,
        test: {
          name: "postgres",
          include: [`{${TEST_FOLDERS}}/**/*.pg.test.ts`],
          globalSetup: ["app/test/postgres-global-setup.ts"],
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
