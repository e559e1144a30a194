import type { LoaderFunctionArgs } from "react-router";
import { listBlockedMembers } from "~/features/blocks/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowedResponse } from "~/utils/http.server";

/** GET /api/account/blocks: the members the signed-in member blocked, [{ id, displayName, blockedAt }]. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    return Response.json(await listBlockedMembers(user.id));
  });
}

export function action() {
  return methodNotAllowedResponse(["GET"]);
}
