import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { createResourceJson, listResources, parseResourceFilters } from "~/features/resources/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { listJson } from "~/features/catalog/index.server";
import { handleApi } from "~/utils/http.server";

/** GET /api/resources (signed in): newest first; ?q, ?type, ?difficulty, ?pricing, ?page, ?limit. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    await requireApiUser(request);
    return listJson(request, ({ page, limit }, searchParams) => listResources({ ...parseResourceFilters(searchParams), page }, { pageSize: limit }));
  });
}

/** POST /api/resources (resources:manage): title, description, url, resourceType, difficulty, tags, pricingCategory, embedUrl → 201. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, () => createResourceJson(request));
}
