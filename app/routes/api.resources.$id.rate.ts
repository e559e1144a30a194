import type { ActionFunctionArgs } from "@remix-run/node";
import { rateResource } from "~/features/resources/resources.server";
import { requireApiUser } from "~/utils/auth.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse, readIdParam, readJsonBody } from "~/utils/http.server";

/** POST /api/resources/{id}/rate (signed in): { rating: 1–5 } → { resourceId, rating, reviewsCount, myRating }. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["POST"]);
    const user = await requireApiUser(request);
    const resourceId = readIdParam(params.id, "Resource");
    return Response.json(rateResource({ userId: user.id, resourceId, input: await readJsonBody(request) }));
  });
}

export function loader() {
  return methodNotAllowedResponse(["POST"]);
}
