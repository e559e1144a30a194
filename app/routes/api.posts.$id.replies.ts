import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { readerOf, createReply, listReplies, REPLIES_MAX } from "~/features/discussions/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, readIdParam, readIntegerParam, readJsonBody } from "~/utils/http.server";

/** GET /api/posts/{id}/replies: the replies, oldest first, each with parentReplyId; ?limit= (1–1000, default 1000), ?after=<reply id>. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    const query = new URL(request.url).searchParams;
    const limit = readIntegerParam(query, "limit", { min: 1, max: REPLIES_MAX }) ?? REPLIES_MAX;
    const after = readIntegerParam(query, "after", { min: 1 });
    return Response.json(await listReplies(readIdParam(params.id, "Post"), { limit, afterId: after, reader: readerOf(user) }));
  });
}

/** POST /api/posts/{id}/replies: content, optional parentReplyId → 201 with the reply. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["GET", "POST"]);
    const user = await requireApiUser(request);
    const reply = await createReply({ actor: user, postId: readIdParam(params.id, "Post"), input: await readJsonBody(request) });
    return Response.json(reply, { status: 201 });
  });
}
