import type { LoaderFunctionArgs } from "@remix-run/node";
import { listArtists } from "~/features/artists/artists.server";
import { parseArtistFilters } from "~/features/artists/schemas";
import { pagedJson, readPaging } from "~/features/resources/api.server";
import { handleApi, methodNotAllowedResponse } from "~/utils/http.server";

/** GET /api/music-artists (public, like the rating panel): newest first; ?q, ?genre, ?featured=true, ?page, ?limit. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const searchParams = new URL(request.url).searchParams;
    const { page, limit } = readPaging(searchParams);
    const list = listArtists({ ...parseArtistFilters(searchParams), page }, { pageSize: limit, featuredOnly: searchParams.get("featured") === "true" });
    return pagedJson(request, list.items, list);
  });
}

export function action() {
  return methodNotAllowedResponse(["GET"]);
}
