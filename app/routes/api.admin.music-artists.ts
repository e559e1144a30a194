import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { createArtist, listArtists } from "~/features/artists/index.server";
import { requireApiPermission } from "~/features/auth/index.server";
import { createItemJson, listJson } from "~/features/catalog/index.server";
import { handleApi } from "~/utils/http.server";

/** GET /api/admin/music-artists (artists:manage): newest created first (?page, ?limit). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    await requireApiPermission(request, "artists:manage");
    return listJson(request, ({ page, limit }) => listArtists({ page }, { pageSize: limit }));
  });
}

/** POST /api/admin/music-artists (artists:manage): the artist fields → 201 with the artist. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, () => createItemJson(request, "artists:manage", createArtist));
}
