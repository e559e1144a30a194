import type { ActionFunctionArgs } from "react-router";
import { requireApiUser } from "~/features/auth/index.server";
import { messageJson, sendMessage } from "~/features/conversations/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse, readIdParam, readJsonBody } from "~/utils/http.server";

/** POST /api/conversations/{id}/messages: { content } → 201 with the message. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["POST"]);
    const user = await requireApiUser(request);
    const message = await sendMessage({ actor: user, conversationId: readIdParam(params.id, "Conversation"), input: await readJsonBody(request) });
    return Response.json(messageJson(message), { status: 201 });
  });
}

export function loader() {
  return methodNotAllowedResponse(["POST"]);
}
