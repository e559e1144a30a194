/**
 * Browser end-to-end suite: Vitest drives playwright-core against the production build
 * (`npm run build` first). One server (tests/support/global-setup.ts) and one fork for all
 * files, run one file at a time. Deliberately does not load vite.config.ts (no Remix plugin).
 */
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.e2e.ts"],
    globalSetup: "tests/support/global-setup.ts",
    environment: "node",
    pool: "forks",
    poolOptions: { forks: { singleFork: true } },
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
