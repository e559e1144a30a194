import type { LoaderFunctionArgs } from "react-router";
import { feedUrlsOf } from "~/features/feeds/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { getEnv } from "~/utils/env.server";
import { handleApi, methodNotAllowedResponse } from "~/utils/http.server";

/** GET /api/account/feeds: `{ discussions, categories: [{ id, name, url }] }`, the member's private feed URLs. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    return Response.json(await feedUrlsOf(user.id, getEnv().PUBLIC_URL), { headers: { "Cache-Control": "no-store" } });
  });
}

export function action() {
  return methodNotAllowedResponse(["GET"]);
}
