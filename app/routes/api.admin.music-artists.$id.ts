import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteArtist, getArtist, updateArtist } from "~/features/artists/artists.server";
import { requireApiPermission } from "~/utils/auth.server";
import { handleApi, methodNotAllowed, readIdParam, readJsonBody } from "~/utils/http.server";

/** GET /api/admin/music-artists/{id} (artists:manage). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    await requireApiPermission(request, "artists:manage");
    const id = readIdParam(params.id, "Artist");
    return Response.json(getArtist(id));
  });
}

/** PUT (fields to change; the others keep their value) and DELETE /api/admin/music-artists/{id} (artists:manage). */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "PUT" && request.method !== "PATCH" && request.method !== "DELETE") throw methodNotAllowed(["GET", "PUT", "DELETE"]);
    const user = await requireApiPermission(request, "artists:manage");
    const id = readIdParam(params.id, "Artist");
    if (request.method === "DELETE") {
      deleteArtist({ actor: user, id });
      return Response.json({ message: "Artist deleted successfully", id });
    }
    return Response.json(updateArtist({ actor: user, id, input: await readJsonBody(request) }));
  });
}
