import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { createResourceJson, listResources } from "~/features/resources/index.server";
import { requireApiPermission } from "~/features/auth/index.server";
import { listJson } from "~/features/catalog/index.server";
import { handleApi } from "~/utils/http.server";

/** GET /api/admin/resources (resources:manage): every resource, newest created first (?page, ?limit). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    await requireApiPermission(request, "resources:manage");
    return listJson(request, ({ page, limit }) => listResources({ page }, { pageSize: limit }));
  });
}

/** POST /api/admin/resources (resources:manage): the resource fields → 201 with the resource. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, () => createResourceJson(request));
}
