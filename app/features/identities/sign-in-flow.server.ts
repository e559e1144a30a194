/**
 * The external sign-in's round trip as the routes use it (docs/accounts.md, "Sign-in with external
 * identities"; decision 0112): `POST /auth/<provider>` → the provider → `GET /auth/<provider>/callback`
 * → signed in (the session created exactly as by the password sign-in), connected (from account
 * settings), or asked for an e-mail (/auth/email). Every failure ends on /login (or account
 * settings) with a message for the member and one log line for the operator; nothing is half-created.
 */
import { redirect } from "react-router";
import { countSignInAttempt, type RequestMeta } from "~/features/auth/index.server";
import { isAppError } from "~/utils/errors.server";
import { routes } from "~/utils/routes";
import { createUserSession } from "~/utils/session.server";
import { errorToast, successToast } from "~/utils/toast";
import { redirectWithToast } from "~/utils/toast.server";
import { safeRedirectPath } from "~/utils/url";
import type { User } from "../../../db/schema";
import { clearFlow, clearPending, readFlow, readPending, saveFlow, savePending, type PendingProfile, type SignInFlow } from "./flow-cookie.server";
import { connectIdentity, createAccountWithEmail, signInWithProfile } from "./identities.server";
import type { ExternalProfile } from "./profiles.server";
import { finishAuthorization, ProviderFailure, providerName, providerSettingsOf, startAuthorization } from "./provider-clients.server";
import type { ProviderId } from "./providers";

const connectedAccounts = `${routes.accountSettings}#connected-accounts`;

/** One JSON line for the operator (docs/operations.md, "Logs"): which provider, what went wrong, never a token. */
function logSignInProblem(request: Request, provider: ProviderId, message: string, cause?: unknown) {
  const detail = cause instanceof Error && cause.message !== message ? cause.message : undefined;
  console.warn(JSON.stringify({ level: "warn", time: new Date().toISOString(), requestId: request.headers.get("x-request-id") ?? undefined, event: "external_sign_in_failed", provider, message, detail }));
}

function failureMessage(failure: ProviderFailure, provider: ProviderId): string {
  const name = providerName(provider);
  if (failure.kind === "cancelled") return `You cancelled signing in with ${name}. Sign in another way, or try again.`;
  if (failure.kind === "unavailable") return `Signing in with ${name} is not available right now. Please try again later, or sign in with your password.`;
  return `Signing in with ${name} did not work. Please try again.`;
}

/** Where a failure goes back to, with its message (and the flow cookie cleared). */
async function backWithMessage(to: string, message: string, extraCookies: string[] = []) {
  const headers = new Headers();
  for (const cookie of extraCookies) headers.append("Set-Cookie", cookie);
  return redirectWithToast(to, errorToast(message), { headers });
}

/**
 * `POST /auth/<provider>`: a visitor signs in (`redirectTo` kept, same-origin only), a signed-in
 * member connects the provider. Redirects to the provider with the flow's checks in a signed
 * cookie; a provider that cannot be reached ends on /login (or account settings) with a message.
 */
export async function beginExternalSignIn({ request, provider, redirectTo, signedInUserId }: { request: Request; provider: ProviderId; redirectTo: unknown; signedInUserId?: string }): Promise<Response> {
  const back = signedInUserId ? connectedAccounts : routes.login;
  try {
    const { url, checks } = await startAuthorization(provider);
    const flow: SignInFlow = { provider, ...checks, redirectTo: safeRedirectPath(redirectTo), ...(signedInUserId ? { connectUserId: signedInUserId } : {}) };
    return redirect(url, { headers: { "Set-Cookie": await saveFlow(request, flow) } });
  } catch (error) {
    if (!(error instanceof ProviderFailure)) throw error;
    logSignInProblem(request, provider, error.message, error.cause);
    return backWithMessage(back, failureMessage(error, provider));
  }
}

/** Whether a provider id is configured here (the routes answer 404 for the others). */
export function isConfiguredProvider(provider: string): provider is ProviderId {
  return Boolean(providerSettingsOf(provider));
}

/**
 * `GET /auth/<provider>/callback`: the flow's checks (a missing or other state, a used code: refused),
 * the sign-in limits, then signs in, creates, links or connects (identities.server.ts).
 */
export async function completeExternalSignIn({ request, url, provider, meta, signedInUserId }: { request: Request; url: URL; provider: ProviderId; meta: RequestMeta; signedInUserId?: string }): Promise<Response> {
  const flow = await readFlow(request);
  const clear = await clearFlow(request);
  const back = flow?.connectUserId ? connectedAccounts : routes.login;
  if (!flow || flow.provider !== provider) {
    logSignInProblem(request, provider, "callback without a matching sign-in flow (expired, replayed or from another browser)");
    return backWithMessage(routes.login, `Your sign-in with ${providerName(provider)} expired or was already used. Please try again.`, [clear]);
  }
  try {
    await countSignInAttempt(meta);
    const profile = await finishAuthorization(provider, url.search, flow);
    if (flow.connectUserId) return await finishConnect(request, flow, profile, signedInUserId, clear);
    const outcome = await signInWithProfile(profile);
    if (outcome.kind === "needs-email") {
      const pending: PendingProfile = { ...profile, redirectTo: flow.redirectTo };
      const headers = new Headers([["Set-Cookie", clear]]);
      headers.append("Set-Cookie", await savePending(request, pending));
      return redirect(routes.identityEmail, { headers });
    }
    return await signedIn(request, outcome.user, outcome.isNewAccount, flow.redirectTo, [clear]);
  } catch (error) {
    if (error instanceof ProviderFailure) {
      logSignInProblem(request, provider, error.message, error.cause);
      return backWithMessage(back, failureMessage(error, provider), [clear]);
    }
    if (isAppError(error) && error.status < 500) {
      logSignInProblem(request, provider, `refused (${error.status}): ${error.message}`);
      return backWithMessage(back, error.message, [clear]);
    }
    throw error;
  }
}

async function finishConnect(request: Request, flow: SignInFlow, profile: ExternalProfile, signedInUserId: string | undefined, clear: string): Promise<Response> {
  // The member who started connecting must still be the one signed in.
  if (!signedInUserId || signedInUserId !== flow.connectUserId) {
    logSignInProblem(request, flow.provider, "connect callback for another session's member");
    return backWithMessage(routes.login, "Please sign in again, then connect from Account settings.", [clear]);
  }
  await connectIdentity({ user: { id: signedInUserId, email: profile.email ?? "" }, profile });
  return redirectWithToast(connectedAccounts, successToast(`${providerName(flow.provider)} is connected: you can sign in with it.`), { headers: { "Set-Cookie": clear } });
}

/** The session is created exactly as by the password sign-in (a fresh session id: app/utils/session.server.ts). */
async function signedIn(request: Request, user: User, isNewAccount: boolean, redirectTo: string, cookies: string[]): Promise<Response> {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await createUserSession(request, user.id));
  const toast = isNewAccount
    ? successToast(user.emailVerifiedAt ? "Your account has been created successfully." : "Your account has been created. Follow the link we e-mailed you to confirm your address.", "Welcome!")
    : successToast("Welcome back!");
  return redirectWithToast(safeRedirectPath(redirectTo), toast, { headers });
}

/** /auth/email's page: the profile waiting for an address, or null (expired: back to /login). */
export async function pendingProfileOf(request: Request): Promise<{ providerName: string; email: string | null; displayName: string } | null> {
  const pending = await readPending(request);
  return pending ? { providerName: providerName(pending.provider), email: pending.email, displayName: pending.displayName } : null;
}

/**
 * /auth/email's form: creates the account with the given address (unverified: the usual link is
 * sent) and signs in. Throws the form's 400/409; null when the step expired.
 */
export async function finishWithEmail({ request, formData }: { request: Request; formData: FormData }): Promise<Response | null> {
  const pending = await readPending(request);
  if (!pending) return null;
  const { redirectTo, ...profile } = pending;
  const user = await createAccountWithEmail(profile, { email: formData.get("email") });
  return signedIn(request, user, true, redirectTo, [await clearPending(request)]);
}
