import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { requireApiUser } from "~/features/auth/index.server";
import { listConversations, startConversation } from "~/features/conversations/index.server";
import { handleApi, methodNotAllowed, readJsonBody, readPageParam } from "~/utils/http.server";

/** GET /api/conversations: the member's conversations, most recent activity first (?page=); docs/messages.md. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    const page = Math.min(readPageParam(new URL(request.url).searchParams), 10_000);
    const { conversations } = await listConversations({ userId: user.id, page });
    return Response.json(conversations, { headers: { "Cache-Control": "no-store" } });
  });
}

/** POST /api/conversations: { to: [username, …], subject?, content } → 201 { id }. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["GET", "POST"]);
    const user = await requireApiUser(request);
    return Response.json(await startConversation({ actor: user, input: await readJsonBody(request) }), { status: 201 });
  });
}
