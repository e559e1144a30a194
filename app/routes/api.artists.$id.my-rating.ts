import type { LoaderFunctionArgs } from "react-router";
import { getMyRating } from "~/features/artists/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowedResponse, readIdParam } from "~/utils/http.server";

/** GET /api/artists/{id}/my-rating (signed in): { rating } (null when not rated yet). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    return Response.json(await getMyRating(readIdParam(params.id, "Artist"), user.id));
  });
}

export function action() {
  return methodNotAllowedResponse(["GET"]);
}
