import type { Config } from "@react-router/dev/config";

/**
 * React Router in framework mode, rendered on the server (docs/architecture.md). Every flag that
 * React Router 8 makes the default is on, so the step to 8 is a version bump
 * (docs/decisions/0090-react-router-7.md).
 */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
