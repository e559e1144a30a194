/**
 * Browser end-to-end suite: Vitest drives playwright-core against the production build
 * (`npm run build` first). One server (tests/support/global-setup.ts) and one fork for all
 * files, run one file at a time. Deliberately does not load vite.config.ts (no Remix plugin).
 */
import { defineConfig } from "vitest/config";

/**
 * Files that start servers of their own (a cluster to kill, private PostgreSQL servers, two boxes behind
 * a proxy, an S3 server): they never use the run's shared server. `npm test` (scripts/test.sh) runs them
 * in a process of their own (QUADS_E2E_GROUP=own) beside the shared-server files (QUADS_E2E_GROUP=shared),
 * which it runs on both engines. Unset: every file, as `npm run test:e2e` and `vitest run <file>` do.
 */
export const OWN_SERVER_FILES = [
  "tests/cluster.e2e.ts",
  "tests/crash-safety.e2e.ts",
  "tests/external-sign-in.e2e.ts",
  "tests/fuzz.e2e.ts",
  "tests/html-weight.e2e.ts",
  "tests/mail-worker-off.e2e.ts",
  "tests/multibox.e2e.ts",
  "tests/postgres-backup.e2e.ts",
  "tests/postgres-crash-safety.e2e.ts",
  "tests/postgres-engine-switch.e2e.ts",
  "tests/postgres-outage.e2e.ts",
  "tests/security-http.e2e.ts",
  "tests/uploads-s3.e2e.ts",
];

const group = process.env.QUADS_E2E_GROUP;
if (group !== undefined && group !== "own" && group !== "shared") throw new Error(`QUADS_E2E_GROUP is own or shared, not ${group}`);

export default defineConfig({
  test: {
    include: group === "own" ? OWN_SERVER_FILES : ["tests/**/*.e2e.ts"],
    exclude: group === "shared" ? OWN_SERVER_FILES : [],
    globalSetup: "tests/support/global-setup.ts",
    environment: "node",
    pool: "forks",
    poolOptions: { forks: { singleFork: true } },
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
