import { requestInfoOf } from "~/utils/request-context";
import type { ActionFunctionArgs } from "react-router";
import { toCurrentUser, requireApiUser } from "~/features/auth/index.server";
import { updateProfile } from "~/features/members/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse, readJsonBody } from "~/utils/http.server";

/** PUT /api/profile: firstName, lastName, displayName, username (409 taken, 400 invalid), email (with currentPassword), skillLevel, bio, interests, allowPrivateMessages (docs/messages.md). */
export function action({ request, context }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "PUT") throw methodNotAllowed(["PUT"]);
    const user = await requireApiUser(request);
    return Response.json(toCurrentUser(await updateProfile(user.id, await readJsonBody(request), { clientIp: requestInfoOf(context).clientIp })));
  });
}

export function loader() {
  return methodNotAllowedResponse(["PUT"]);
}
