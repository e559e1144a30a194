import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { deletePost, getPost, readerOf, setPostPinned, updatePost } from "~/features/discussions/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { badRequest } from "~/utils/errors.server";
import { handleApi, methodNotAllowed, readIdParam, readJsonBody } from "~/utils/http.server";

/** GET /api/posts/{id}: one post (404 when unknown). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    return Response.json(await getPost(readIdParam(params.id, "Post"), readerOf(user)));
  });
}

/**
 * PUT /api/posts/{id}: title, content, categoryId (the author).
 * PATCH /api/posts/{id}: { isPinned } (moderators and admins).
 * DELETE /api/posts/{id}: the author, moderators and admins; removes its replies and likes.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    const postId = readIdParam(params.id, "Post");
    switch (request.method) {
      case "PUT":
        return Response.json(await updatePost({ actor: user, postId, input: await readJsonBody(request) }));
      case "PATCH": {
        const body = await readJsonBody(request);
        if (typeof body.isPinned !== "boolean") throw badRequest("isPinned must be true or false.", { isPinned: ["isPinned must be true or false."] });
        return Response.json(await setPostPinned({ actor: user, postId, isPinned: body.isPinned }));
      }
      case "DELETE":
        await deletePost({ actor: user, postId });
        return new Response(null, { status: 204 });
      default:
        throw methodNotAllowed(["GET", "PUT", "PATCH", "DELETE"]);
    }
  });
}
