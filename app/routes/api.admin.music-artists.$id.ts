import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteArtist, getArtist, updateArtist } from "~/features/artists/artists.server";
import { idFromParam } from "~/features/resources/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { notFound } from "~/utils/errors.server";
import { handleApi, methodNotAllowed, readJsonBody } from "~/utils/http.server";

/** GET /api/admin/music-artists/{id} (artists:manage). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    await requireApiPermission(request, "artists:manage");
    const id = idFromParam(params.id);
    if (id === null) throw notFound("Artist not found");
    return Response.json(getArtist(id));
  });
}

/** PUT (fields to change; the others keep their value) and DELETE /api/admin/music-artists/{id} (artists:manage). */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "PUT" && request.method !== "PATCH" && request.method !== "DELETE") throw methodNotAllowed(["GET", "PUT", "DELETE"]);
    const user = await requireApiPermission(request, "artists:manage");
    const id = idFromParam(params.id);
    if (id === null) throw notFound("Artist not found");
    if (request.method === "DELETE") {
      deleteArtist({ actor: user, id });
      return Response.json({ message: "Artist deleted successfully", id });
    }
    return Response.json(updateArtist({ actor: user, id, input: await readJsonBody(request) }));
  });
}
