import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { deleteMeetingJson, getMeetingJson, updateMeetingJson } from "~/features/meetings/index.server";
import { handleApi, methodNotAllowed } from "~/utils/http.server";

/** GET /api/meetings/{id}: one meeting (members). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, () => getMeetingJson(request, params.id));
}

/** PUT /api/meetings/{id} and DELETE /api/meetings/{id} (admins). */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, () => {
    if (request.method === "PUT") return updateMeetingJson(request, params.id);
    if (request.method === "DELETE") return deleteMeetingJson(request, params.id);
    throw methodNotAllowed(["GET", "PUT", "DELETE"]);
  });
}
