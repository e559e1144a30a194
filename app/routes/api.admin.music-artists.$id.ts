import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { deleteArtist, getArtist, updateArtist } from "~/features/artists/index.server";
import { changeItemJson, getItemJson } from "~/features/catalog/index.server";
import { handleApi } from "~/utils/http.server";

/** GET /api/admin/music-artists/{id} (artists:manage). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, () => getItemJson(request, params.id, { permission: "artists:manage", noun: "Artist", get: getArtist }));
}

/** PUT (fields to change; the others keep their value) and DELETE /api/admin/music-artists/{id} (artists:manage). */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, () => changeItemJson(request, params.id, { permission: "artists:manage", noun: "Artist", update: updateArtist, remove: deleteArtist }));
}
