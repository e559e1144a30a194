import type { ActionFunctionArgs } from "react-router";
import { createMeetingJson } from "~/features/meetings/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse } from "~/utils/http.server";

/** POST /api/admin/meetings: meeting fields with scheduledAt as a date (admins). */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, () => {
    if (request.method !== "POST") throw methodNotAllowed(["POST"]);
    return createMeetingJson(request);
  });
}

export function loader() {
  return methodNotAllowedResponse(["POST"]);
}
