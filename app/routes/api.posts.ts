import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { parseApiListQuery, canModerate, createPost, listPosts } from "~/features/discussions/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, jsonResponse, methodNotAllowed, readJsonBody } from "~/utils/http.server";

/** GET /api/posts: an array, pinned first then newest; ?limit= (1–100, default 20), ?before=<post id>, ?q=, ?categoryId=. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    const query = parseApiListQuery(new URL(request.url).searchParams);
    return jsonResponse((await listPosts({ viewerId: user.id, viewerCanModerate: canModerate(user), ...query })).posts);
  });
}

/** POST /api/posts: title, content, categoryId → 201 with the post. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["GET", "POST"]);
    const user = await requireApiUser(request);
    return Response.json(await createPost({ actor: user, input: await readJsonBody(request) }), { status: 201 });
  });
}
