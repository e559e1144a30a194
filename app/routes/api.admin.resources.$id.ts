import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { deleteResource, getResource, updateResource } from "~/features/resources/index.server";
import { changeItemJson, getItemJson } from "~/features/catalog/index.server";
import { handleApi } from "~/utils/http.server";

/** GET /api/admin/resources/{id} (resources:manage). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, () => getItemJson(request, params.id, { permission: "resources:manage", noun: "Resource", get: getResource }));
}

/** PUT (fields to change; the others keep their value) and DELETE /api/admin/resources/{id} (resources:manage). */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, () => changeItemJson(request, params.id, { permission: "resources:manage", noun: "Resource", update: updateResource, remove: deleteResource }));
}
