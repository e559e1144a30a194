import type { LoaderFunctionArgs } from "react-router";
import { redirect } from "react-router";
import { getOptionalUser, userCan } from "~/features/auth/index.server";

/** /admin opens the first tab the user may use: Manage Users for admins, Reports for moderators (the parent route has checked the panel). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  return redirect(userCan(user, "admin:access") ? "/admin/users" : "/admin/reports");
}
