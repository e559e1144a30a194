import { requestInfoOf } from "~/utils/request-context";
import type { ActionFunctionArgs } from "react-router";
import { requestEmailChange, requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse, readJsonBody } from "~/utils/http.server";

/** POST /api/account/email {currentPassword, email}: 202 {message, pendingEmail} (the link goes to the new address); 400 with `errors`. */
export function action({ request, context }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["POST"]);
    const user = await requireApiUser(request);
    const { pendingEmail } = await requestEmailChange({ userId: user.id, input: await readJsonBody(request), meta: { clientIp: requestInfoOf(context).clientIp } });
    return Response.json({ message: `We sent a link to ${pendingEmail}. Your e-mail changes when you follow it.`, pendingEmail }, { status: 202 });
  });
}

export function loader() {
  return methodNotAllowedResponse(["POST"]);
}
