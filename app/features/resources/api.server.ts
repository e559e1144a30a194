/** The resources /api create call (the paging and item handlers are app/features/catalog/api.server.ts). */
import { createItemJson } from "~/features/catalog/index.server";
import { createResource } from "./resources.server";

/** POST /api/resources and POST /api/admin/resources (resources:manage): the resource fields (a type required) → 201 with the resource. */
export function createResourceJson(request: Request): Promise<Response> {
  return createItemJson(request, "resources:manage", ({ actor, input }) => createResource({ actor, input, isTypeRequired: true }));
}
