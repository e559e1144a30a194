import type { LoaderFunctionArgs } from "react-router";
import { getPost, readerOf, listRelatedPosts } from "~/features/discussions/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowedResponse, readIdParam } from "~/utils/http.server";

/** GET /api/posts/{id}/related: up to 5 other posts ranked by full-text relevance (404 when unknown). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    const post = await getPost(readIdParam(params.id, "Post"), readerOf(user));
    return Response.json(await listRelatedPosts({ post, viewerId: user.id }));
  });
}

export function action() {
  return methodNotAllowedResponse(["GET"]);
}
