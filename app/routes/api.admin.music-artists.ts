import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createArtist, listArtists } from "~/features/artists/artists.server";
import { pagedJson, readPaging } from "~/features/resources/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { handleApi, methodNotAllowed, readJsonBody } from "~/utils/http.server";

/** GET /api/admin/music-artists (artists:manage): newest created first (?page, ?limit). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    await requireApiPermission(request, "artists:manage");
    const { page, limit } = readPaging(new URL(request.url).searchParams);
    const list = listArtists({ page }, { pageSize: limit });
    return pagedJson(request, list.items, list);
  });
}

/** POST /api/admin/music-artists (artists:manage): the artist fields → 201 with the artist. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["GET", "POST"]);
    const user = await requireApiPermission(request, "artists:manage");
    return Response.json(createArtist({ actor: user, input: await readJsonBody(request) }), { status: 201 });
  });
}
