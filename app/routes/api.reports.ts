import type { ActionFunctionArgs } from "react-router";
import { createReport } from "~/features/reports/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse, readJsonBody } from "~/utils/http.server";

/** POST /api/reports { targetType, targetId, reason, note } → 201 { id, message }; 400 / 404 / 409 (docs/moderation.md). */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["POST"]);
    const user = await requireApiUser(request);
    const { id, message } = await createReport({ actor: user, input: await readJsonBody(request) });
    return Response.json({ id, message }, { status: 201 });
  });
}

export function loader() {
  return methodNotAllowedResponse(["POST"]);
}
