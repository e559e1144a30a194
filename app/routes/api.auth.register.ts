import { requestInfoOf } from "~/utils/request-context";
import type { ActionFunctionArgs } from "react-router";
import { registerUser, toCurrentUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse, readJsonBody } from "~/utils/http.server";
import { createUserSession } from "~/utils/session.server";

/** POST /api/auth/register: creates the account, signs it in, returns the user (201). */
export function action({ request, context }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["POST"]);
    const user = await registerUser(await readJsonBody(request), { clientIp: requestInfoOf(context).clientIp });
    return Response.json(toCurrentUser(user), { status: 201, headers: { "Set-Cookie": await createUserSession(request, user.id) } });
  });
}

export function loader() {
  return methodNotAllowedResponse(["POST"]);
}
