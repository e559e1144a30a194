import type { ActionFunctionArgs } from "react-router";
import { addComment } from "~/features/artists/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse, readIdParam, readJsonBody } from "~/utils/http.server";

/** POST /api/artists/{id}/comment (signed in): { comment } trimmed, 1–1000 characters → 201 with the comment and its author. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["POST"]);
    const user = await requireApiUser(request);
    const artistId = readIdParam(params.id, "Artist");
    return Response.json(await addComment({ userId: user.id, artistId, input: await readJsonBody(request) }), { status: 201 });
  });
}

export function loader() {
  return methodNotAllowedResponse(["POST"]);
}
