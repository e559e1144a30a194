import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createResourceJson, pagedJson, readPaging } from "~/features/resources/api.server";
import { listResources } from "~/features/resources/resources.server";
import { requireApiPermission } from "~/utils/auth.server";
import { handleApi, methodNotAllowed } from "~/utils/http.server";

/** GET /api/admin/resources (resources:manage): every resource, newest created first (?page, ?limit). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    await requireApiPermission(request, "resources:manage");
    const { page, limit } = readPaging(new URL(request.url).searchParams);
    const list = listResources({ page }, { pageSize: limit });
    return pagedJson(request, list.items, list);
  });
}

/** POST /api/admin/resources (resources:manage): the resource fields → 201 with the resource. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["GET", "POST"]);
    return createResourceJson(request);
  });
}
