import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { redirect } from "react-router";
import { joinMeeting } from "~/features/meetings/index.server";
import { meetingPaths } from "~/features/meetings";
import { requireUser } from "~/features/auth/index.server";
import { handleRefusal } from "~/utils/page-action.server";
import { redirectWithToast } from "~/utils/toast.server";
import { errorToast } from "~/utils/toast";
import { pageErrorResponse, readIdParam } from "~/utils/http.server";

/**
 * The Join button (GET link, or POST): records the member as attended, credits the points
 * once, and sends them on (302) to the meeting's join link. Unknown meeting: 404.
 */
async function join(request: Request, idParam: string | undefined) {
  const user = await requireUser(request);
  return handleRefusal(
    async () => redirect((await joinMeeting({ userId: user.id, meetingId: readIdParam(idParam, "Meeting") })).joinUrl, { status: 302, headers: { "Cache-Control": "no-store" } }),
    (error) => {
      if (error.status === 404) throw pageErrorResponse(error);
      return redirectWithToast(meetingPaths.list, errorToast(error.message));
    },
  );
}

export function loader({ request, params }: LoaderFunctionArgs) {
  return join(request, params.id);
}

export function action({ request, params }: ActionFunctionArgs) {
  return join(request, params.id);
}
