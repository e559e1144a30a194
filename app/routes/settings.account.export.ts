import type { LoaderFunctionArgs } from "react-router";
import { requireUser } from "~/features/auth/index.server";
import { exportResponse } from "~/features/account/index.server";

/** 'Download my data' on /settings/account: the same attachment as GET /api/account/export; visitors go to /login. */
export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireUser(request, { returnTo: url });
  return await exportResponse(user);
}
