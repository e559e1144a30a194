import type { ActionFunctionArgs } from "react-router";
import { feedUrlsOf, rotateFeedToken } from "~/features/feeds/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { getEnv } from "~/utils/env.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse } from "~/utils/http.server";

/** POST /api/account/feeds/rotate: a new feed token; the old URLs answer 404. Answers the new URLs. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["POST"]);
    const user = await requireApiUser(request);
    await rotateFeedToken(user.id);
    return Response.json(await feedUrlsOf(user.id, getEnv().PUBLIC_URL), { headers: { "Cache-Control": "no-store" } });
  });
}

export function loader() {
  return methodNotAllowedResponse(["POST"]);
}
