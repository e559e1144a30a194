import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { listAccountSessions, signOutOtherSessions } from "~/features/account/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed } from "~/utils/http.server";
import { currentSessionId } from "~/utils/session.server";

/** GET /api/account/sessions: [{ id (opaque), device, lastSeenAt, signedInAt, current }], most recent first. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    return Response.json(await listAccountSessions({ userId: user.id, currentSid: await currentSessionId(request) }));
  });
}

/** DELETE /api/account/sessions: signs out every session but this one; 200 { signedOutSessions }. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "DELETE") throw methodNotAllowed(["GET", "DELETE"]);
    const user = await requireApiUser(request);
    return Response.json(await signOutOtherSessions({ userId: user.id, currentSid: await currentSessionId(request) }));
  });
}
