import type { ActionFunctionArgs } from "react-router";
import { liftSuspension, parseSuspensionInput, suspendMember, toRestrictionView } from "~/features/moderation/index.server";
import { requireApiPermission } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse, readJsonBody } from "~/utils/http.server";

/**
 * POST /api/admin/users/{userId}/suspension { kind: "suspend" | "silence", days: 1 | 7 | 30 | null, reason }:
 * 201 { kind, reason, endsAt }. DELETE lifts it: 200 { kind, reason, endsAt } of the lifted one.
 * 400 bad input, 401 visitors, 403 members and forbidden targets, 404 unknown user or nothing to lift.
 * See docs/moderation.md.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST" && request.method !== "DELETE") throw methodNotAllowed(["POST", "DELETE"]);
    const moderator = await requireApiPermission(request, "members:suspend");
    const actor = { id: moderator.id, email: moderator.email };
    const userId = params.userId ?? "";
    if (request.method === "DELETE") {
      const { kind, reason, endsAt } = toRestrictionView(await liftSuspension({ actor, userId }));
      return Response.json({ message: "Lifted", kind, reason, endsAt });
    }
    const input = parseSuspensionInput(await readJsonBody(request));
    const { kind, reason, endsAt } = toRestrictionView(await suspendMember({ actor, userId, ...input }));
    return Response.json({ kind, reason, endsAt }, { status: 201 });
  });
}

export function loader() {
  return methodNotAllowedResponse(["POST", "DELETE"]);
}
