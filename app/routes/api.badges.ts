import type { LoaderFunctionArgs } from "react-router";
import { listBadges } from "~/features/badges/index.server";
import { handleApi, methodNotAllowedResponse } from "~/utils/http.server";

/** GET /api/badges: every badge of the community (reference data, readable by anyone, like the landing page's badges). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => Response.json(await listBadges()));
}

export function action() {
  return methodNotAllowedResponse(["GET"]);
}
