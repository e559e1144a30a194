import type { ActionFunctionArgs } from "react-router";
import { logout } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse } from "~/utils/http.server";

/** POST /api/auth/logout (bodiless): deletes the session and clears the cookie. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["POST"]);
    return Response.json({ message: "Logged out" }, { headers: { "Set-Cookie": await logout(request) } });
  });
}

export function loader() {
  return methodNotAllowedResponse(["POST"]);
}
