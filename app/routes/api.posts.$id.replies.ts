import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { readerOf } from "~/features/discussions/posts.server";
import { createReply, listReplies, REPLIES_MAX } from "~/features/discussions/replies.server";
import { badRequest } from "~/utils/errors.server";
import { requireApiUser } from "~/features/auth/guards.server";
import { handleApi, methodNotAllowed, readIdParam, readJsonBody } from "~/utils/http.server";

/** GET /api/posts/{id}/replies: the replies, oldest first, each with parentReplyId; ?limit= (1–1000, default 1000), ?after=<reply id>. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    const query = new URL(request.url).searchParams;
    const limit = query.has("limit") ? Number(query.get("limit")) : REPLIES_MAX;
    const after = query.has("after") ? Number(query.get("after")) : undefined;
    if (!Number.isInteger(limit) || limit < 1 || limit > REPLIES_MAX) throw badRequest(`limit must be a whole number from 1 to ${REPLIES_MAX}.`);
    if (after !== undefined && (!Number.isSafeInteger(after) || after < 1)) throw badRequest("after must be a reply id.");
    return Response.json(listReplies(readIdParam(params.id, "Post"), { limit, afterId: after, reader: readerOf(user) }));
  });
}

/** POST /api/posts/{id}/replies: content, optional parentReplyId → 201 with the reply. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["GET", "POST"]);
    const user = await requireApiUser(request);
    const reply = createReply({ actor: user, postId: readIdParam(params.id, "Post"), input: await readJsonBody(request) });
    return Response.json(reply, { status: 201 });
  });
}
