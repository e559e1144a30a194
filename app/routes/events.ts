import type { LoaderFunctionArgs } from "react-router";
import { openLiveStream } from "~/features/live/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { unauthorized } from "~/utils/errors.server";
import { handleApi, methodNotAllowedResponse, readIntegerParam } from "~/utils/http.server";
import { currentSessionId } from "~/utils/session.server";

/**
 * GET /events: the signed-in member's Server-Sent Events stream (docs/discussions.md, "Live
 * updates"): `?post=<id>` adds that post's reply and like counts, `?since=<ms>` the number of new
 * discussions since then, `?conversation=<id>` the newest message of that conversation (for a member
 * in it; every stream also carries the unread conversations' count, docs/messages.md). 401 for visitors, 429 beyond the per-member limit. The stream ends when
 * its session does (signed out, password changed, suspended, deleted).
 */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    const sessionId = await currentSessionId(request);
    if (!sessionId) throw unauthorized("Unauthorized");
    const params = new URL(request.url).searchParams;
    const postId = readIntegerParam(params, "post", { min: 1 }) ?? null;
    const discussionsSince = readIntegerParam(params, "since", { min: 0 }) ?? null;
    const conversationId = readIntegerParam(params, "conversation", { min: 1 }) ?? null;
    return openLiveStream({ userId: user.id, sessionId, postId, discussionsSince, conversationId, signal: request.signal });
  });
}

export function action() {
  return methodNotAllowedResponse(["GET"]);
}
