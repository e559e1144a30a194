import type { LoaderFunctionArgs } from "react-router";
import { listNotifications, NOTIFICATIONS_PAGE_SIZE } from "~/features/notifications/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowedResponse, readIntegerParam } from "~/utils/http.server";

/** GET /api/notifications: the member's notifications, newest first; ?limit= (1–100) and ?offset=. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    const params = new URL(request.url).searchParams;
    const limit = readIntegerParam(params, "limit", { min: 1, max: 100 }) ?? NOTIFICATIONS_PAGE_SIZE;
    const offset = readIntegerParam(params, "offset", { min: 0 }) ?? 0;
    return Response.json((await listNotifications(user.id, { limit, offset })).notifications);
  });
}

export function action() {
  return methodNotAllowedResponse(["GET"]);
}
