import type { ActionFunctionArgs } from "react-router";
import { likePost, unlikePost } from "~/features/discussions/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse, readIdParam } from "~/utils/http.server";

/** POST /api/posts/{id}/like likes (once), DELETE unlikes: both answer { postId, liked, likesCount }. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    const postId = readIdParam(params.id, "Post");
    if (request.method === "POST") return Response.json(await likePost({ actor: user, postId }));
    if (request.method === "DELETE") return Response.json(await unlikePost({ actor: user, postId }));
    throw methodNotAllowed(["POST", "DELETE"]);
  });
}

export function loader() {
  return methodNotAllowedResponse(["POST", "DELETE"]);
}
