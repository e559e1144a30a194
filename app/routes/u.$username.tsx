import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { findUserByUsername } from "~/features/auth/usernames.server";
import { requireUser } from "~/utils/auth.server";
import { routes } from "~/utils/routes";

/** /u/:username: the member's profile by username, the target of @mention links (docs/discussions.md). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const member = findUserByUsername(params.username ?? "");
  if (!member) throw new Response("Member not found", { status: 404 });
  return redirect(routes.member(member.id));
}
