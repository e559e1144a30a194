import type { LoaderFunctionArgs } from "react-router";
import { suggestMembers } from "~/features/members/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowedResponse } from "~/utils/http.server";

/** GET /api/members/suggest?q=: up to 8 `{ id, username, displayName }` whose username or display name starts with q. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    await requireApiUser(request);
    const query = new URL(request.url).searchParams.get("q");
    return Response.json(await suggestMembers(query), { headers: { "Cache-Control": "private, max-age=30" } });
  });
}

export function action() {
  return methodNotAllowedResponse(["GET"]);
}
