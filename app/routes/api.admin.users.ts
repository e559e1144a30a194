import type { LoaderFunctionArgs } from "react-router";
import { listUsers, USERS_API_MAX_PAGE_SIZE, USERS_API_PAGE_SIZE } from "~/features/users/index.server";
import { requireApiPermission } from "~/features/auth/index.server";
import { handleApi, methodNotAllowedResponse, readIntegerParam } from "~/utils/http.server";

/**
 * GET /api/admin/users: the users (admins only), newest first, as a JSON array.
 * Optional ?search=, ?page= and ?pageSize= (default 200, at most 500); the total is in X-Total-Count.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    await requireApiPermission(request, "users:manage");
    const params = new URL(request.url).searchParams;
    const list = await listUsers(
      {
        search: params.get("search") ?? undefined,
        page: readIntegerParam(params, "page", { min: 1 }),
        pageSize: readIntegerParam(params, "pageSize", { min: 1, max: USERS_API_MAX_PAGE_SIZE }),
      },
      USERS_API_PAGE_SIZE,
    );
    return Response.json(list.users, {
      headers: { "X-Total-Count": String(list.total), "X-Page": String(list.page), "X-Page-Count": String(list.pageCount) },
    });
  });
}

export function action() {
  return methodNotAllowedResponse(["GET"]);
}
