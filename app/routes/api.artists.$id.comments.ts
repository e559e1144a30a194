import type { LoaderFunctionArgs } from "react-router";
import { listComments } from "~/features/artists/index.server";
import { handleApi, methodNotAllowedResponse, readIdParam } from "~/utils/http.server";

/** GET /api/artists/{id}/comments (public): visible comments, newest first, each with its author (`user`). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => Response.json(await listComments(readIdParam(params.id, "Artist"))));
}

export function action() {
  return methodNotAllowedResponse(["GET"]);
}
