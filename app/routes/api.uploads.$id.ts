import type { ActionFunctionArgs } from "react-router";
import { removeUpload } from "~/features/uploads/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse } from "~/utils/http.server";

/**
 * DELETE /api/uploads/{id}: removes a picture (its id, or the hash in its URL): the member who
 * uploaded it, or any picture for moderators and admins (audited). Answers `{ removed }`.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "DELETE") throw methodNotAllowed(["DELETE"]);
    const user = await requireApiUser(request);
    return Response.json(await removeUpload({ actor: user, idOrHash: String(params.id ?? "") }));
  });
}

export function loader() {
  return methodNotAllowedResponse(["DELETE"]);
}
