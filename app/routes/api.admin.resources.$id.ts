import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteResource, getResource, updateResource } from "~/features/resources/resources.server";
import { requireApiPermission } from "~/utils/auth.server";
import { handleApi, methodNotAllowed, readIdParam, readJsonBody } from "~/utils/http.server";

/** GET /api/admin/resources/{id} (resources:manage). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    await requireApiPermission(request, "resources:manage");
    const id = readIdParam(params.id, "Resource");
    return Response.json(getResource(id));
  });
}

/** PUT (fields to change; the others keep their value) and DELETE /api/admin/resources/{id} (resources:manage). */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "PUT" && request.method !== "PATCH" && request.method !== "DELETE") throw methodNotAllowed(["GET", "PUT", "DELETE"]);
    const user = await requireApiPermission(request, "resources:manage");
    const id = readIdParam(params.id, "Resource");
    if (request.method === "DELETE") {
      deleteResource({ actor: user, id });
      return Response.json({ message: "Resource deleted successfully", id });
    }
    return Response.json(updateResource({ actor: user, id, input: await readJsonBody(request) }));
  });
}
