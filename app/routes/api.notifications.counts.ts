import type { LoaderFunctionArgs } from "react-router";
import { readShellCounts } from "~/features/notifications/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowedResponse } from "~/utils/http.server";

/** GET /api/notifications/counts: { unreadDiscussions, unreadNotifications, unreadMessages (conversations with unread messages) }; 401 when signed out. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    return Response.json(await readShellCounts(user.id));
  });
}

export function action() {
  return methodNotAllowedResponse(["GET"]);
}
