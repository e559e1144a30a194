import { readFormData } from "~/utils/http.server";
import type { ActionFunctionArgs } from "react-router";
import { redirect } from "react-router";
import { badRequest } from "~/utils/errors.server";
import { isTheme } from "~/utils/theme";
import { themeCookieHeader } from "~/utils/theme.server";
import { replacingHistory, safeRedirectPath } from "~/utils/url";

/**
 * POST /theme (the Light / Dark / System form in the header and on the visitor pages): keeps the
 * choice in the quads_theme cookie and goes back to the page, which the server then renders in
 * that theme. A plain form: it works without JavaScript. See docs/accessibility.md.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const theme = form.get("theme");
  if (!isTheme(theme)) throw badRequest("Choose Light, Dark or System.");
  const back = safeRedirectPath(form.get("redirectTo"), "/");
  return replacingHistory(redirect(back, { headers: { "Set-Cookie": themeCookieHeader(theme, request) } }));
}

export async function loader() {
  return redirect("/");
}
