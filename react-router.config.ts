import type { Config } from "@react-router/dev/config";

/**
 * React Router in framework mode, rendered on the server (docs/architecture.md). Every flag React
 * Router 8 makes the default is on. With `v8_passThroughRequests` a loader's or action's `request`
 * is the request as sent (a data request keeps its `.data` path and `_routes` parameter): a page
 * route reads its URL from the `url` argument, never `request.url` (docs/decisions/0090-react-router-7.md;
 * eslint.config.js enforces it).
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
