import type { LoaderFunctionArgs } from "react-router";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi } from "~/utils/http.server";

/** GET /api/auth/user: the signed-in user (never the password hash); 401 when signed out. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => Response.json(await requireApiUser(request), { headers: { "Cache-Control": "no-store" } }));
}
