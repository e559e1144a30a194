import type { LoaderFunctionArgs } from "react-router";
import { listPlatformSettings } from "~/features/settings/index.server";
import { handleApi, methodNotAllowedResponse } from "~/utils/http.server";

/** GET /api/admin/platform-settings: the ten links (platform, url, isActive), readable by everyone (docs/admin.md). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => Response.json(await listPlatformSettings(), { headers: { "Cache-Control": "no-store" } }));
}

export function action() {
  return methodNotAllowedResponse(["GET"]);
}
