import type { ActionFunctionArgs } from "@remix-run/node";
import { logout } from "~/features/auth/logout.server";
import { handleApi, methodNotAllowed } from "~/utils/http.server";

/** POST /api/auth/logout (bodiless): deletes the session and clears the cookie. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["POST"]);
    return Response.json({ message: "Logged out" }, { headers: { "Set-Cookie": await logout(request) } });
  });
}

export function loader() {
  return Response.json({ message: "Method not allowed. Use POST." }, { status: 405, headers: { Allow: "POST" } });
}
