/**
 * Who is asking: the signed-in user of a request (read from the server-side session on every
 * request, so a deleted user or a changed role takes effect at once) and the guards routes use.
 */
import { redirect } from "react-router";
import { toCurrentUser, type CurrentUser } from "./auth.server";
import { findUserById } from "./user-lookup.server";
import { isSuspendedAt } from "~/features/moderation/index.server";
import { getEnv } from "~/utils/env.server";
import { forbidden, unauthorized } from "~/utils/errors.server";
import { can, type Permission } from "~/utils/permissions";
import { getSession } from "~/utils/session.server";
import { createToastHeader } from "~/utils/toast.server";
import { errorToast, successToast } from "~/utils/toast";
import type { ToastMessage } from "~/components/ui/toaster";

const userByRequest = new WeakMap<Request, Promise<CurrentUser | null>>();

/** The signed-in user, or null. Memoised per request. */
export function getOptionalUser(request: Request): Promise<CurrentUser | null> {
  let pending = userByRequest.get(request);
  if (!pending) {
    pending = (async () => {
      if (!request.headers.get("Cookie")?.includes("quads_session=")) return null;
      const session = await getSession(request);
      const userId = session.get("userId");
      if (!userId) return null;
      const user = await findUserById(userId);
      if (!user) return null;
      // A suspended member is signed out on every request, from the same row read (docs/moderation.md).
      if (isSuspendedAt(user.suspendedUntil)) return null;
      return toCurrentUser(user);
    })();
    userByRequest.set(request, pending);
  }
  return pending;
}

async function throwRedirectWithToast(url: string, toast: ToastMessage): Promise<never> {
  throw redirect(url, { headers: { "Set-Cookie": await createToastHeader(toast) } });
}

/** Whether the request carries a session cookie at all (an expired or unknown one included). */
function hasSessionCookie(request: Request): boolean {
  return /(?:^|;\s*)quads_session=[^;]/.test(request.headers.get("Cookie") ?? "");
}

/**
 * To /login: someone who never signed in (no session cookie) is asked to sign in; a session that
 * expired or no longer exists gets 'You are logged out. Logging in again...'.
 */
const redirectToLogin = (request: Request, loginUrl: string) =>
  hasSessionCookie(request)
    ? throwRedirectWithToast(loginUrl, errorToast("You are logged out. Logging in again...", "Unauthorized"))
    : throwRedirectWithToast(loginUrl, successToast("Sign in or create an account to see this page.", "Please sign in"));

/**
 * For member pages: the user, or a redirect to /login with a sign-in prompt (or 'Unauthorized' for
 * an ended session). With `returnTo` (the page's URL: a route's `url` argument, never `request.url`,
 * which keeps a data request's `.data` path: docs/decisions/0090-react-router-7.md), /login gets
 * `?redirectTo=<this page>` and signing in comes back here.
 */
export async function requireUser(request: Request, { returnTo }: { returnTo?: URL } = {}): Promise<CurrentUser> {
  const user = await getOptionalUser(request);
  if (!user) {
    return redirectToLogin(request, returnTo ? `/login?redirectTo=${encodeURIComponent(returnTo.pathname + returnTo.search)}` : "/login");
  }
  return user;
}

/** For admin pages: anyone without the permission (visitors included, as docs/permissions.md says) goes to / with 'Access Denied'. */
export async function requirePagePermission(request: Request, permission: Permission): Promise<CurrentUser> {
  const user = await getOptionalUser(request);
  if (user && can(user, permission, getEnv().ADMIN_EMAIL)) return user;
  return throwRedirectWithToast("/", errorToast("You need admin privileges to access this page.", "Access Denied"));
}

/** For /api: the user, or a 401 AppError ('Unauthorized'). */
export async function requireApiUser(request: Request): Promise<CurrentUser> {
  const user = await getOptionalUser(request);
  if (!user) throw unauthorized("Unauthorized");
  return user;
}

/** For /api: 401 for visitors, 403 for users without the permission. */
export async function requireApiPermission(request: Request, permission: Permission): Promise<CurrentUser> {
  const user = await requireApiUser(request);
  if (!can(user, permission, getEnv().ADMIN_EMAIL)) throw forbidden();
  return user;
}

/** Whether the user holds a permission (for showing controls). */
export function userCan(user: CurrentUser | null, permission: Permission): boolean {
  return can(user, permission, getEnv().ADMIN_EMAIL);
}
