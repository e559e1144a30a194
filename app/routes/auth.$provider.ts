import type { ActionFunctionArgs } from "react-router";
import { redirect } from "react-router";
import { getOptionalUser } from "~/features/auth/index.server";
import { beginExternalSignIn, isConfiguredProvider } from "~/features/identities/index.server";
import { notFound } from "~/utils/errors.server";
import { pageErrorResponse, readFormData } from "~/utils/http.server";
import { routes } from "~/utils/routes";

/** GET /auth/<provider> is not a page: the buttons post (a link followed by hand lands on /login). */
export function loader() {
  return redirect(routes.login);
}

/**
 * POST /auth/<provider> ('Continue with …' on /login, 'Connect' in account settings): to the
 * provider's sign-in page (docs/accounts.md, "Sign-in with external identities"). 404 for a
 * provider that is not configured.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const provider = params.provider ?? "";
  if (!isConfiguredProvider(provider)) throw pageErrorResponse(notFound());
  const formData = await readFormData(request);
  const user = await getOptionalUser(request);
  return beginExternalSignIn({ request, provider, redirectTo: formData.get("redirectTo"), signedInUserId: user?.id });
}
