/** Query parsing shared by the discussion /api routes. */
import { badRequest } from "~/utils/errors.server";
import { POSTS_API_MAX_LIMIT, POSTS_PAGE_SIZE, SEARCH_MAX } from "./schemas";

function optionalPositiveInt(params: URLSearchParams, name: string, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const raw = params.get(name);
  if (raw === null || raw === "") return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > max) throw badRequest(`${name} must be a whole number from 1 to ${max}.`);
  return value;
}

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
