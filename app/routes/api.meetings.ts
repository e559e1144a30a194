import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { createMeetingJson, getAllMeetingsJson } from "~/features/meetings/index.server";
import { handleApi, methodNotAllowed } from "~/utils/http.server";

/** GET /api/meetings: all meetings (members). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, () => getAllMeetingsJson(request));
}

/** POST /api/meetings: schedule a meeting or weekly series (admins). */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, () => {
    if (request.method !== "POST") throw methodNotAllowed(["GET", "POST"]);
    return createMeetingJson(request);
  });
}
