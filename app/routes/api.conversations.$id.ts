import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { requireApiUser } from "~/features/auth/index.server";
import { conversationJson, getConversation, leaveConversation, markConversationRead } from "~/features/conversations/index.server";
import { handleApi, methodNotAllowed, readIdParam } from "~/utils/http.server";

/** GET /api/conversations/{id}: the conversation with its messages, oldest first; reading it marks it read. 404 for anyone not in it. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    const conversationId = readIdParam(params.id, "Conversation");
    const conversation = await getConversation({ userId: user.id, conversationId });
    if (conversation.isUnread) await markConversationRead({ userId: user.id, conversationId, messageId: conversation.lastMessageId });
    return Response.json(conversationJson(conversation), { headers: { "Cache-Control": "no-store" } });
  });
}

/** DELETE /api/conversations/{id}: leave it (it disappears for me; the others keep it) → 204. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "DELETE") throw methodNotAllowed(["GET", "DELETE"]);
    const user = await requireApiUser(request);
    await leaveConversation({ userId: user.id, conversationId: readIdParam(params.id, "Conversation") });
    return new Response(null, { status: 204 });
  });
}
