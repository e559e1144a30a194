import type { LoaderFunctionArgs } from "react-router";
import { getOptionalUser } from "~/features/auth/index.server";
import { completeExternalSignIn, isConfiguredProvider } from "~/features/identities/index.server";
import { notFound } from "~/utils/errors.server";
import { pageErrorResponse } from "~/utils/http.server";
import { requestInfoOf } from "~/utils/request-context";

/**
 * GET /auth/<provider>/callback: where the provider sends the member back (the redirect URI entered
 * in its console: docs/accounts.md). Signs in, connects or asks for an e-mail; any failure ends on
 * /login with a message. 404 for a provider that is not configured.
 */
export async function loader({ request, url, params, context }: LoaderFunctionArgs) {
  const provider = params.provider ?? "";
  if (!isConfiguredProvider(provider)) throw pageErrorResponse(notFound());
  const user = await getOptionalUser(request);
  return completeExternalSignIn({ request, url, provider, meta: { clientIp: requestInfoOf(context).clientIp }, signedInUserId: user?.id });
}
