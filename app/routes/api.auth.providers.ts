import type { LoaderFunctionArgs } from "react-router";
import { listProviders } from "~/features/identities/index.server";
import { handleApi } from "~/utils/http.server";

/** GET /api/auth/providers: `[{ id, name }]` of the configured external sign-in providers (visitors too). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, () => Response.json(listProviders()));
}
