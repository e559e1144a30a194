import type { ActionFunctionArgs } from "react-router";
import { rateArtist } from "~/features/artists/index.server";
import { rateItemJson } from "~/features/catalog/index.server";
import { handleApi, methodNotAllowedResponse } from "~/utils/http.server";

/** POST /api/artists/{id}/rate (signed in): { rating: 1–5 } → { artistId, rating, averageRating, totalRatings }; anything else 400. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, () => rateItemJson(request, params.id, "Artist", ({ userId, id, input }) => rateArtist({ userId, artistId: id, input })));
}

export function loader() {
  return methodNotAllowedResponse(["POST"]);
}
