import { requestInfoOf } from "~/utils/request-context";
import type { ActionFunctionArgs } from "react-router";
import { changePassword } from "~/features/account/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse, readJsonBody } from "~/utils/http.server";
import { currentSessionId } from "~/utils/session.server";

/** POST /api/account/password {currentPassword, newPassword}: 200 {message, signedOutSessions}; 400 with `errors`; other sessions signed out. */
export function action({ request, context }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["POST"]);
    const user = await requireApiUser(request);
    const input = await readJsonBody(request);
    const result = await changePassword({ userId: user.id, input, currentSid: await currentSessionId(request), meta: { clientIp: requestInfoOf(context).clientIp } });
    return Response.json({ message: "Your password was changed. Your other sessions were signed out.", ...result });
  });
}

export function loader() {
  return methodNotAllowedResponse(["POST"]);
}
