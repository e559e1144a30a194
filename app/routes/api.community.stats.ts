import type { LoaderFunctionArgs } from "react-router";
import { getCommunityStats } from "~/features/members/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowedResponse } from "~/utils/http.server";

/** GET /api/community/stats (signed in only): totalMembers, totalPosts, totalMeetings, activeContributors. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    await requireApiUser(request);
    return Response.json(await getCommunityStats(), { headers: { "Cache-Control": "no-store" } });
  });
}

export function action() {
  return methodNotAllowedResponse(["GET"]);
}
