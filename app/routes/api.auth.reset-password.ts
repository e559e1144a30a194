import type { ActionFunctionArgs } from "react-router";
import { toCurrentUser, resetPassword } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse, readJsonBody } from "~/utils/http.server";
import { createUserSession } from "~/utils/session.server";

/** POST /api/auth/reset-password {token, password}: 200 with the user, signed in here and out everywhere else; 400 otherwise. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["POST"]);
    const user = await resetPassword(await readJsonBody(request));
    return Response.json(
      { message: "Your password has been changed.", user: toCurrentUser(user) },
      { status: 200, headers: { "Set-Cookie": await createUserSession(request, user.id) } },
    );
  });
}

export function loader() {
  return methodNotAllowedResponse(["POST"]);
}
