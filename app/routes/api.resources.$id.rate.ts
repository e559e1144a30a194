import type { ActionFunctionArgs } from "react-router";
import { rateResource } from "~/features/resources/index.server";
import { rateItemJson } from "~/features/catalog/index.server";
import { handleApi, methodNotAllowedResponse } from "~/utils/http.server";

/** POST /api/resources/{id}/rate (signed in): { rating: 1–5 } → { resourceId, rating, reviewsCount, myRating }. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, () => rateItemJson(request, params.id, "Resource", ({ userId, id, input }) => rateResource({ userId, resourceId: id, input })));
}

export function loader() {
  return methodNotAllowedResponse(["POST"]);
}
