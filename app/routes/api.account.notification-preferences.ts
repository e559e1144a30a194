import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { getNotificationPreferences, updateNotificationPreferences } from "~/features/account/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, readJsonBody } from "~/utils/http.server";

/** GET /api/account/notification-preferences: { replies, mentions, meetingReminders, weeklyDigest } (booleans). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    return Response.json(await getNotificationPreferences(user.id));
  });
}

/** PUT with any of the four keys: 200 with all four; 400 for another key or a non-boolean. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "PUT") throw methodNotAllowed(["GET", "PUT"]);
    const user = await requireApiUser(request);
    return Response.json(await updateNotificationPreferences({ userId: user.id, input: await readJsonBody(request) }));
  });
}
