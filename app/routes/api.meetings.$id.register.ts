import type { ActionFunctionArgs } from "react-router";
import { cancelRegistrationJson, registerJson } from "~/features/meetings/index.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse } from "~/utils/http.server";

/** POST /api/meetings/{id}/register: register (members); DELETE cancels. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, () => {
    if (request.method === "POST") return registerJson(request, params.id);
    if (request.method === "DELETE") return cancelRegistrationJson(request, params.id);
    throw methodNotAllowed(["POST", "DELETE"]);
  });
}

export function loader() {
  return methodNotAllowedResponse(["POST", "DELETE"]);
}
