import type { LoaderFunctionArgs } from "react-router";
import { listArtists, parseArtistFilters } from "~/features/artists/index.server";
import { listJson } from "~/features/catalog/index.server";
import { handleApi, methodNotAllowedResponse } from "~/utils/http.server";

/** GET /api/music-artists (public, like the rating panel): newest first; ?q, ?genre, ?featured=true, ?page, ?limit. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, () =>
    listJson(request, ({ page, limit }, searchParams) =>
      listArtists({ ...parseArtistFilters(searchParams), page }, { pageSize: limit, featuredOnly: searchParams.get("featured") === "true" }),
    ),
  );
}

export function action() {
  return methodNotAllowedResponse(["GET"]);
}
