import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { parseIdParam } from "~/features/discussions/params.server";
import { createReply, listReplies } from "~/features/discussions/replies.server";
import { requireApiUser } from "~/utils/auth.server";
import { handleApi, methodNotAllowed, readJsonBody } from "~/utils/http.server";

/** GET /api/posts/{id}/replies: the replies, oldest first, each with parentReplyId. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    await requireApiUser(request);
    return Response.json(listReplies(parseIdParam(params.id)));
  });
}

/** POST /api/posts/{id}/replies: content, optional parentReplyId → 201 with the reply. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["GET", "POST"]);
    const user = await requireApiUser(request);
    const reply = createReply({ actor: user, postId: parseIdParam(params.id), input: await readJsonBody(request) });
    return Response.json(reply, { status: 201 });
  });
}
