import type { LoaderFunctionArgs } from "react-router";
import { parseLeaderboardPeriod } from "~/features/gamification";
import { listTopContributors } from "~/features/members/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowedResponse, readIntegerParam } from "~/utils/http.server";

/**
 * GET /api/community/contributors (signed in only): up to 50 members by points, each
 * { id, displayName, firstName, points }. `?period=7d|30d` ranks by points earned in the period.
 * E-mail addresses are private (docs/members.md): `email` is in the member's own row, and in every row for admins.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    const url = new URL(request.url);
    // More than 50 is read as 50 (the leaderboard's length); a fraction or text is a 400.
    const limit = Math.min(readIntegerParam(url.searchParams, "limit", { min: 1 }) ?? 50, 50);
    const ranked = await listTopContributors({
      limit,
      period: parseLeaderboardPeriod(url.searchParams.get("period")),
      withEmails: user.isAdmin,
    });
    const contributors = ranked.map(({ id, displayName, firstName, points, email }) => {
      const visibleEmail = id === user.id ? user.email : email;
      return { id, displayName, firstName, points, ...(visibleEmail ? { email: visibleEmail } : {}) };
    });
    return Response.json(contributors, { headers: { "Cache-Control": "no-store" } });
  });
}

export function action() {
  return methodNotAllowedResponse(["GET"]);
}
