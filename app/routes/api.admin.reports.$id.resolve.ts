import type { ActionFunctionArgs } from "react-router";
import { resolveReport } from "~/features/reports/index.server";
import { requireApiPermission } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse, readIdParam, readJsonBody } from "~/utils/http.server";

/**
 * POST /api/admin/reports/{id}/resolve (content:moderate) { action: dismiss|hide|delete|warn|suspend, message? }
 * → { id, action, resolved, message }; acts on every open report of the same item (docs/moderation.md).
 */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["POST"]);
    const user = await requireApiPermission(request, "content:moderate");
    return Response.json(await resolveReport({ actor: user, reportId: readIdParam(params.id, "Report"), input: await readJsonBody(request) }));
  });
}

export function loader() {
  return methodNotAllowedResponse(["POST"]);
}
