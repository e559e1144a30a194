import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { createResourceJson } from "~/features/resources/api.server";
import { listResources } from "~/features/resources/resources.server";
import { parseResourceFilters } from "~/features/resources/schemas";
import { requireApiUser } from "~/features/auth/guards.server";
import { listJson } from "~/features/catalog/api.server";
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
