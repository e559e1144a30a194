/**
 * The /api handlers the artists and resources catalogues share (docs/api.md): list paging (a JSON
 * array plus X-Total-Count and Link headers), one item's GET, PUT/PATCH and DELETE for admins,
 * and a member's 1–5 rating. The routes name their feature's functions (async: each handler awaits
 * what they return); each handler runs inside the route's `handleApi`.
 */
import type { ActorRef } from "~/utils/actor";
import type { Permission } from "~/utils/permissions";
import { requireApiPermission, requireApiUser } from "~/features/auth/index.server";
import { methodNotAllowed, readIdParam, readIntegerParam, readJsonBody } from "~/utils/http.server";

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

type ListPage<Item> = { items: Item[]; total: number; page: number; pageCount: number };

/** GET of a list: one page of `list` (?page, ?limit) as `pagedJson`; `list` also gets the query's other parameters. */
export async function listJson<Item>(
  request: Request,
  list: (paging: { page: number; limit: number }, searchParams: URLSearchParams) => ListPage<Item> | Promise<ListPage<Item>>,
): Promise<Response> {
  const searchParams = new URL(request.url).searchParams;
  const page = await list(readPaging(searchParams), searchParams);
  return pagedJson(request, page.items, page);
}

/** POST /api/<items> (the permission): the JSON body to `create` → 201 with the item; any other method 405. */
export async function createItemJson(request: Request, permission: Permission, create: (args: { actor: ActorRef; input: Record<string, unknown> }) => unknown) {
  if (request.method !== "POST") throw methodNotAllowed(["GET", "POST"]);
  const actor = await requireApiPermission(request, permission);
  return Response.json(await create({ actor, input: await readJsonBody(request) }), { status: 201 });
}

type ItemApi = { permission: Permission; /** "Artist", "Resource": in "Artist not found" and "Artist deleted successfully". */ noun: string };

/** GET /api/admin/<items>/{id} (the permission): the item, or 404 "<noun> not found". */
export async function getItemJson(request: Request, idParam: string | undefined, { permission, noun, get }: ItemApi & { get: (id: number) => unknown }) {
  await requireApiPermission(request, permission);
  return Response.json(await get(readIdParam(idParam, noun)));
}

/** PUT or PATCH (the fields to change; the others keep their value) and DELETE /api/admin/<items>/{id} (the permission); any other method 405. */
export async function changeItemJson(
  request: Request,
  idParam: string | undefined,
  {
    permission,
    noun,
    update,
    remove,
  }: ItemApi & { update: (args: { actor: ActorRef; id: number; input: Record<string, unknown> }) => unknown; remove: (args: { actor: ActorRef; id: number }) => unknown },
) {
  if (request.method !== "PUT" && request.method !== "PATCH" && request.method !== "DELETE") throw methodNotAllowed(["GET", "PUT", "DELETE"]);
  const actor = await requireApiPermission(request, permission);
  const id = readIdParam(idParam, noun);
  if (request.method === "DELETE") {
    await remove({ actor, id });
    return Response.json({ message: `${noun} deleted successfully`, id });
  }
  return Response.json(await update({ actor, id, input: await readJsonBody(request) }));
}

/** POST /api/<items>/{id}/rate (signed in): the body `{ rating: 1–5 }` to `rate`, whose summary is the answer; any other method 405. */
export async function rateItemJson(request: Request, idParam: string | undefined, noun: string, rate: (args: { userId: string; id: number; input: unknown }) => unknown) {
  if (request.method !== "POST") throw methodNotAllowed(["POST"]);
  const user = await requireApiUser(request);
  const id = readIdParam(idParam, noun);
  return Response.json(await rate({ userId: user.id, id, input: await readJsonBody(request) }));
}
