import { requestInfoOf } from "~/utils/request-context";
import type { ActionFunctionArgs } from "react-router";
import { requestPasswordReset } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse, readJsonBody } from "~/utils/http.server";

/** POST /api/auth/forgot-password {email}: 202 with the same message whether or not the address has an account. */
export function action({ request, context }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["POST"]);
    const answer = await requestPasswordReset(await readJsonBody(request), { clientIp: requestInfoOf(context).clientIp });
    return Response.json(answer, { status: 202 });
  });
}

export function loader() {
  return methodNotAllowedResponse(["POST"]);
}
