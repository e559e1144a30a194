import type { ActionFunctionArgs } from "react-router";
import { redirect } from "react-router";
import { logout } from "~/features/auth/index.server";

/** POST /logout (the profile's Logout button): ends the session, then /login. */
export async function action({ request }: ActionFunctionArgs) {
  return redirect("/login", { headers: { "Set-Cookie": await logout(request) } });
}

export async function loader() {
  return redirect("/");
}
