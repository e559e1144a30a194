import type { LoaderFunctionArgs } from "react-router";
import { getAverageRating } from "~/features/artists/index.server";
import { handleApi, methodNotAllowedResponse, readIdParam } from "~/utils/http.server";

/** GET /api/artists/{id}/average-rating (public): { averageRating, totalRatings } (0 and 0 when unrated). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => Response.json(await getAverageRating(readIdParam(params.id, "Artist"))));
}

export function action() {
  return methodNotAllowedResponse(["GET"]);
}
