import type { ActionFunctionArgs } from "react-router";
import { markAllNotificationsRead } from "~/features/notifications/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse } from "~/utils/http.server";

/** POST /api/notifications/read-all: marks every notification read; answers { updated }. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["POST"]);
    const user = await requireApiUser(request);
    return Response.json({ updated: await markAllNotificationsRead(user.id) });
  });
}

export function loader() {
  return methodNotAllowedResponse(["POST"]);
}
