import type { ActionFunctionArgs } from "react-router";
import { changeUserRole } from "~/features/users/index.server";
import { requireApiPermission } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse, readJsonBody } from "~/utils/http.server";

/** PUT /api/admin/users/{userId}/role { role }: the updated user; 400, 401, 403, 404, 409 (last admin). */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "PUT") throw methodNotAllowed(["PUT"]);
    const admin = await requireApiPermission(request, "users:manage");
    const body = await readJsonBody(request);
    return Response.json(await changeUserRole({ actor: { id: admin.id, email: admin.email }, userId: params.userId ?? "", input: body }));
  });
}

export function loader() {
  return methodNotAllowedResponse(["PUT"]);
}
