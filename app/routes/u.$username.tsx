import type { LoaderFunctionArgs } from "react-router";
import { redirect } from "react-router";
import { findUserByUsername, requireUser } from "~/features/auth/index.server";
import { notFound } from "~/utils/errors.server";
import { handlePage } from "~/utils/http.server";
import { routes } from "~/utils/routes";

/** /u/:username: the member's profile by username, the target of @mention links (docs/discussions.md). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  return handlePage(async () => {
    const member = await findUserByUsername(params.username ?? "");
    if (!member) throw notFound("Member not found");
    return redirect(routes.member(member.id));
  });
}
