import type { ActionFunctionArgs } from "@remix-run/node";
import { rateArtist } from "~/features/artists/artists.server";
import { requireApiUser } from "~/utils/auth.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse, readIdParam, readJsonBody } from "~/utils/http.server";

/** POST /api/artists/{id}/rate (signed in): { rating: 1–5 } → { artistId, rating, averageRating, totalRatings }; anything else 400. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["POST"]);
    const user = await requireApiUser(request);
    const artistId = readIdParam(params.id, "Artist");
    return Response.json(rateArtist({ userId: user.id, artistId, input: await readJsonBody(request) }));
  });
}

export function loader() {
  return methodNotAllowedResponse(["POST"]);
}
