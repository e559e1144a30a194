import type { RouteConfig } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";

/** The flat file names in app/routes/ are the URLs (docs/architecture.md); tests beside them are not routes. */
export default flatRoutes({ ignoredRouteFiles: ["**/*.test.{ts,tsx}"] }) satisfies RouteConfig;
