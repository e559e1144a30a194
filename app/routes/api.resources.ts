import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createResourceJson, pagedJson, readPaging } from "~/features/resources/api.server";
import { listResources } from "~/features/resources/resources.server";
import { parseResourceFilters } from "~/features/resources/schemas";
import { requireApiUser } from "~/utils/auth.server";
import { handleApi, methodNotAllowed } from "~/utils/http.server";

/** GET /api/resources (signed in): newest first; ?q, ?type, ?difficulty, ?pricing, ?page, ?limit. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    await requireApiUser(request);
    const searchParams = new URL(request.url).searchParams;
    const { page, limit } = readPaging(searchParams);
    const list = listResources({ ...parseResourceFilters(searchParams), page }, { pageSize: limit });
    return pagedJson(request, list.items, list);
  });
}

/** POST /api/resources (resources:manage): title, description, url, resourceType, difficulty, tags, pricingCategory, embedUrl → 201. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["GET", "POST"]);
    return createResourceJson(request);
  });
}
