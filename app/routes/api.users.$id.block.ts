import type { ActionFunctionArgs } from "react-router";
import { blockMember, unblockMember } from "~/features/blocks/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse } from "~/utils/http.server";

/**
 * POST /api/users/{id}/block blocks the member: 201 { blocked: true }, or 200 when already blocked.
 * DELETE unblocks: 200 { blocked: false }. 400 for oneself or staff, 404 for an unknown member.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    if (request.method === "POST") {
      const { created } = await blockMember({ blocker: user, memberId: params.id });
      return Response.json({ blocked: true }, { status: created ? 201 : 200 });
    }
    if (request.method === "DELETE") {
      await unblockMember({ blocker: user, memberId: params.id });
      return Response.json({ blocked: false });
    }
    throw methodNotAllowed(["POST", "DELETE"]);
  });
}

export function loader() {
  return methodNotAllowedResponse(["POST", "DELETE"]);
}
