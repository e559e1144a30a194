import type { LoaderFunctionArgs } from "react-router";
import { listCategories } from "~/features/discussions/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowedResponse } from "~/utils/http.server";

/** GET /api/categories: every category (id, name, description, colorClass, iconClass, createdAt). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    await requireApiUser(request);
    return Response.json(await listCategories());
  });
}

export function action() {
  return methodNotAllowedResponse(["GET"]);
}
