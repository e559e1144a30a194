import type { LoaderFunctionArgs } from "react-router";
import { listSimilarPosts } from "~/features/discussions/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowedResponse } from "~/utils/http.server";

/** GET /api/posts/similar?title=: up to 5 posts relevant to a title being typed (the new-discussion form's 'Similar discussions'). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    const title = new URL(request.url).searchParams.get("title") ?? "";
    const posts = await listSimilarPosts({ title, viewerId: user.id });
    return Response.json(posts.map((post) => ({ id: post.id, title: post.title, repliesCount: post.repliesCount })));
  });
}

export function action() {
  return methodNotAllowedResponse(["GET"]);
}
