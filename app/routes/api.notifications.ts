import type { LoaderFunctionArgs } from "@remix-run/node";
import { listNotifications, NOTIFICATIONS_PAGE_SIZE } from "~/features/notifications/notifications.server";
import { requireApiUser } from "~/utils/auth.server";
import { badRequest } from "~/utils/errors.server";
import { handleApi, methodNotAllowedResponse } from "~/utils/http.server";

/** GET /api/notifications: the member's notifications, newest first; ?limit= (1–100) and ?offset=. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    const params = new URL(request.url).searchParams;
    const limit = Number(params.get("limit") ?? NOTIFICATIONS_PAGE_SIZE);
    const offset = Number(params.get("offset") ?? 0);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw badRequest("limit must be a whole number from 1 to 100.");
    if (!Number.isInteger(offset) || offset < 0) throw badRequest("offset must be a whole number of 0 or more.");
    return Response.json(listNotifications(user.id, { limit, offset }).notifications);
  });
}

export function action() {
  return methodNotAllowedResponse(["GET"]);
}
