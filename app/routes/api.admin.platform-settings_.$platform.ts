import type { ActionFunctionArgs } from "react-router";
import { updatePlatformSetting } from "~/features/settings/index.server";
import { requireApiPermission } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse, readJsonBody } from "~/utils/http.server";

/** PUT /api/admin/platform-settings/{platform} { url?, isActive? }: the updated link; 400 bad URL, 401, 403, 404 unknown platform. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "PUT") throw methodNotAllowed(["PUT"]);
    const admin = await requireApiPermission(request, "settings:manage");
    const body = await readJsonBody(request);
    return Response.json(await updatePlatformSetting({ actor: { id: admin.id, email: admin.email }, platform: params.platform ?? "", input: body }));
  });
}

export function loader() {
  return methodNotAllowedResponse(["PUT"]);
}
