import type { LoaderFunctionArgs } from "react-router";
import { getCommunityStats } from "~/features/members/members.server";
import { requireApiUser } from "~/features/auth/guards.server";
import { handleApi, methodNotAllowedResponse } from "~/utils/http.server";

/** GET /api/community/stats (signed in only): totalMembers, totalPosts, totalMeetings, activeContributors. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    await requireApiUser(request);
    return Response.json(getCommunityStats(), { headers: { "Cache-Control": "no-store" } });
  });
}

export function action() {
  return methodNotAllowedResponse(["GET"]);
}
