/** Query parsing shared by the discussion /api routes. */
import { badRequest } from "~/utils/errors.server";
import { readIntegerParam } from "~/utils/http.server";
import { POSTS_API_MAX_LIMIT, POSTS_PAGE_SIZE, SEARCH_MAX } from "./schemas";

const optionalPositiveInt = (params: URLSearchParams, name: string, max?: number) => readIntegerParam(params, name, { min: 1, max });

/** GET /api/posts query: limit, before, q (or search), categoryId (or category). */
export function parseApiListQuery(params: URLSearchParams) {
  const search = (params.get("q") ?? params.get("search") ?? "").trim();
  if (search.length > SEARCH_MAX) throw badRequest(`q must be at most ${SEARCH_MAX} characters.`);
  return {
    limit: optionalPositiveInt(params, "limit", POSTS_API_MAX_LIMIT) ?? POSTS_PAGE_SIZE,
    beforeId: optionalPositiveInt(params, "before"),
    categoryId: optionalPositiveInt(params, params.has("categoryId") ? "categoryId" : "category"),
    search,
  };
}
