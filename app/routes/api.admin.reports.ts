import type { LoaderFunctionArgs } from "react-router";
import { listOpenReports } from "~/features/reports/index.server";
import { requireApiPermission } from "~/features/auth/index.server";
import { handleApi } from "~/utils/http.server";

/** GET /api/admin/reports (content:moderate): open reports grouped by item, most recently reported first; X-Total-Count = items waiting. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiPermission(request, "content:moderate");
    const { groups, total } = await listOpenReports({ actor: user });
    return Response.json(groups, { headers: { "X-Total-Count": String(total) } });
  });
}
