import type { LoaderFunctionArgs } from "react-router";
import { exportResponse } from "~/features/account/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowedResponse } from "~/utils/http.server";

/** GET /api/account/export: the member's data as a JSON attachment (docs/accounts.md, "Download my data"). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    return await exportResponse(user);
  });
}

export function action() {
  return methodNotAllowedResponse(["GET"]);
}
