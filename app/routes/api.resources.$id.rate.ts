import type { ActionFunctionArgs } from "@remix-run/node";
import { idFromParam } from "~/features/resources/api.server";
import { rateResource } from "~/features/resources/resources.server";
import { requireApiUser } from "~/utils/auth.server";
import { notFound } from "~/utils/errors.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse, readJsonBody } from "~/utils/http.server";

/** POST /api/resources/{id}/rate (signed in): { rating: 1–5 } → { resourceId, rating, reviewsCount, myRating }. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["POST"]);
    const user = await requireApiUser(request);
    const resourceId = idFromParam(params.id);
    if (resourceId === null) throw notFound("Resource not found");
    return Response.json(rateResource({ userId: user.id, resourceId, input: await readJsonBody(request) }));
  });
}

export function loader() {
  return methodNotAllowedResponse(["POST"]);
}
