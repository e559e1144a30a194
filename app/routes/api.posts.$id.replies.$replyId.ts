import type { ActionFunctionArgs } from "react-router";
import { deleteReply, updateReply } from "~/features/discussions/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse, readIdParam, readJsonBody } from "~/utils/http.server";

/** PUT /api/posts/{id}/replies/{replyId}: content (the author). DELETE: the author, moderators, admins (with its sub-thread). */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    const postId = readIdParam(params.id, "Post");
    const replyId = readIdParam(params.replyId, "Reply");
    if (request.method === "PUT") return Response.json(await updateReply({ actor: user, postId, replyId, input: await readJsonBody(request) }));
    if (request.method === "DELETE") return Response.json(await deleteReply({ actor: user, postId, replyId }));
    throw methodNotAllowed(["PUT", "DELETE"]);
  });
}

export function loader() {
  return methodNotAllowedResponse(["PUT", "DELETE"]);
}
