/** Helpers of the resources and artists /api routes: list paging (a JSON array plus X-Total-Count and Link headers) and the create call. */
import { requireApiPermission } from "~/utils/auth.server";
import { readIntegerParam, readJsonBody } from "~/utils/http.server";
import { createResource } from "./resources.server";

export const API_DEFAULT_LIMIT = 50;
export const API_MAX_LIMIT = 100;

/** Reads ?page= and ?limit= (limit 1–100, default 50). */
export function readPaging(searchParams: URLSearchParams): { page: number; limit: number } {
  const page = readIntegerParam(searchParams, "page", { min: 1 }) ?? 1;
  const limit = readIntegerParam(searchParams, "limit", { min: 1, max: API_MAX_LIMIT }) ?? API_DEFAULT_LIMIT;
  return { page, limit };
}

/** A page of a list as a JSON array, with the total and the next page's link in headers. */
export function pagedJson<T>(request: Request, items: T[], { total, page, pageCount }: { total: number; page: number; pageCount: number }): Response {
  const headers = new Headers({ "X-Total-Count": String(total) });
  if (page < pageCount) {
    const next = new URL(request.url);
    next.searchParams.set("page", String(page + 1));
    headers.set("Link", `<${next.pathname}${next.search}>; rel="next"`);
  }
  return Response.json(items, { headers });
}

/** POST /api/resources and POST /api/admin/resources (resources:manage): the resource fields → 201 with the resource. */
export async function createResourceJson(request: Request): Promise<Response> {
  const user = await requireApiPermission(request, "resources:manage");
  return Response.json(createResource({ actor: user, input: await readJsonBody(request), isTypeRequired: true }), { status: 201 });
}
