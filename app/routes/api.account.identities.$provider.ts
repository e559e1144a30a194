import type { ActionFunctionArgs } from "react-router";
import { requireApiUser } from "~/features/auth/index.server";
import { isProviderId } from "~/features/identities";
import { disconnectIdentity } from "~/features/identities/index.server";
import { notFound } from "~/utils/errors.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse } from "~/utils/http.server";

/** Only DELETE. */
export function loader() {
  return methodNotAllowedResponse(["DELETE"]);
}

/**
 * DELETE /api/account/identities/{provider}: disconnects it; 204. 404 when not connected, 409 with
 * a message when it is the member's last way to sign in (set a password first); 401 signed out.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "DELETE") throw methodNotAllowed(["DELETE"]);
    const user = await requireApiUser(request);
    if (!isProviderId(params.provider)) throw notFound(`Unknown provider: ${params.provider}`);
    await disconnectIdentity({ userId: user.id, provider: params.provider });
    return new Response(null, { status: 204 });
  });
}
