import { requestInfoOf } from "~/utils/request-context";
import type { ActionFunctionArgs } from "react-router";
import { loginWithPassword, toCurrentUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse, readJsonBody } from "~/utils/http.server";
import { createUserSession } from "~/utils/session.server";

/** POST /api/auth/login {email, password}: signs in, sets the session cookie, returns the user. */
export function action({ request, context }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["POST"]);
    const user = await loginWithPassword(await readJsonBody(request), { clientIp: requestInfoOf(context).clientIp });
    return Response.json(toCurrentUser(user), { headers: { "Set-Cookie": await createUserSession(request, user.id) } });
  });
}

export function loader() {
  return methodNotAllowedResponse(["POST"]);
}
