import type { LoaderFunctionArgs } from "react-router";
import { getUpcomingMeetingsJson } from "~/features/meetings/index.server";
import { handleApi, methodNotAllowedResponse } from "~/utils/http.server";

/** GET /api/meetings/upcoming: upcoming meetings, soonest first (members). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, () => getUpcomingMeetingsJson(request));
}

export function action() {
  return methodNotAllowedResponse(["GET"]);
}
