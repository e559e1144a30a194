import type { LoaderFunctionArgs } from "react-router";
import { listUserBadgeRecords } from "~/features/badges/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowedResponse } from "~/utils/http.server";

/** GET /api/user/badges (signed in only): the member's badge records, each with its badge. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    return Response.json(await listUserBadgeRecords(user.id), { headers: { "Cache-Control": "no-store" } });
  });
}

export function action() {
  return methodNotAllowedResponse(["GET"]);
}
