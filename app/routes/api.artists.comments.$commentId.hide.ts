import type { ActionFunctionArgs } from "react-router";
import { hideComment } from "~/features/artists/index.server";
import { requireApiPermission } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse, readIdParam } from "~/utils/http.server";

/** POST /api/artists/comments/{commentId}/hide (content:moderate): hides a comment from everyone → { id, artistId, isHidden: true }. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["POST"]);
    const user = await requireApiPermission(request, "content:moderate");
    const hidden = await hideComment({ actor: user, commentId: readIdParam(params.commentId, "Comment") });
    return Response.json({ ...hidden, isHidden: true });
  });
}

export function loader() {
  return methodNotAllowedResponse(["POST"]);
}
