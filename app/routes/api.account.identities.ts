import type { LoaderFunctionArgs } from "react-router";
import { requireApiUser } from "~/features/auth/index.server";
import { listIdentities } from "~/features/identities/index.server";
import { handleApi } from "~/utils/http.server";

/** GET /api/account/identities: `[{ provider, name, connectedAt }]` of the member's connected identities; 401 signed out. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    return Response.json(await listIdentities(user.id));
  });
}
