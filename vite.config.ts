import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import type { Rollup } from "vite";
import { fileURLToPath } from "node:url";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * One "shell" chunk for everything every page loads: React, Remix, the root route and the modules
 * it imports (docs/decisions/0078-shell-code-after-hydration.md). Rollup would otherwise cut this into a
 * vendor chunk plus five or six small shared chunks (routes, settings, nonce, the preload helper,
 * the root's own module behind a facade), each costing ≈0.2 KB gzipped on every page.
 */
const SHELL_ENTRIES = [/\/app\/entry\.client\.tsx$/, /\/app\/root\.tsx\?__remix-build-client-route$/];

function shellChunk(id: string, { getModuleIds, getModuleInfo }: Rollup.ManualChunkMeta): string | undefined {
  shellModules ??= staticClosure([...getModuleIds()].filter((moduleId) => SHELL_ENTRIES.some((entry) => entry.test(moduleId))), getModuleInfo);
  return (shellModules.has(id) || id === "\0vite/preload-helper.js") && !SHELL_ENTRIES.some((entry) => entry.test(id)) ? "shell" : undefined;
}
let shellModules: Set<string> | undefined;

function staticClosure(roots: string[], getModuleInfo: Rollup.ManualChunkMeta["getModuleInfo"]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  plugins: [
    tailwindcss(),
    !process.env.VITEST &&
      remix({
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_singleFetch: true,
          v3_lazyRouteDiscovery: true,
          v3_routeConfig: false,
        },
        ignoredRouteFiles: ["**/*.test.{ts,tsx}"],
      }),
  ],
  build: { target: "es2022", rollupOptions: isSsrBuild ? {} : { output: { manualChunks: shellChunk } } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "scripts/**/*.test.ts"],
    setupFiles: ["app/test/setup.ts"],
    environment: "node",
    pool: "forks",
    testTimeout: 20000,
  },
}));
