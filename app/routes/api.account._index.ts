import { requestInfoOf } from "~/utils/request-context";
import type { ActionFunctionArgs } from "react-router";
import { deleteAccount } from "~/features/account/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse, readJsonBody } from "~/utils/http.server";
import { destroyUserSession } from "~/utils/session.server";

/** DELETE /api/account {password}: 200 and the session cookie cleared; 400 wrong password, 409 last admin. */
export function action({ request, context }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "DELETE") throw methodNotAllowed(["DELETE"]);
    const user = await requireApiUser(request);
    await deleteAccount({ userId: user.id, input: await readJsonBody(request), meta: { clientIp: requestInfoOf(context).clientIp } });
    const cookie = await destroyUserSession(request);
    return Response.json({ message: "Your account was deleted." }, { headers: { "Set-Cookie": cookie } });
  });
}

export function loader() {
  return methodNotAllowedResponse(["DELETE"]);
}
