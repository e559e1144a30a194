import type { ActionFunctionArgs } from "react-router";
import { verifyEmail } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse, readJsonBody } from "~/utils/http.server";

/** POST /api/auth/verify-email {token}: 200 when the link verified the address, 400 when it is unknown, used or expired. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["POST"]);
    const user = await verifyEmail(await readJsonBody(request));
    return Response.json({ message: "Your e-mail address is verified.", email: user.email, emailVerifiedAt: user.emailVerifiedAt });
  });
}

export function loader() {
  return methodNotAllowedResponse(["POST"]);
}
