import type { Config } from "@react-router/dev/config";

/**
 * React Router in framework mode, rendered on the server (docs/architecture.md). The flags React
 * Router 8 makes the default are on except `v8_passThroughRequests`: with it a loader's `request`
 * keeps a data request's `.data` path, and the helpers that build a redirect from `request.url`
 * (docs/decisions/0090-react-router-7.md lists them) must read the `url` argument first.
 */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
