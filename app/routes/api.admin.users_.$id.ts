import type { ActionFunctionArgs } from "react-router";
import { deleteUser } from "~/features/users/index.server";
import { requireApiPermission } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse } from "~/utils/http.server";

/** DELETE /api/admin/users/{id}: 200 { message, id }; 401, 403 (not admin, self, ADMIN_EMAIL), 404, 409 (last admin). */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "DELETE") throw methodNotAllowed(["DELETE"]);
    const admin = await requireApiPermission(request, "users:manage");
    const deleted = await deleteUser({ actor: { id: admin.id, email: admin.email }, userId: params.id ?? "" });
    return Response.json({ message: "User deleted successfully", id: deleted.id });
  });
}

export function loader() {
  return methodNotAllowedResponse(["DELETE"]);
}
