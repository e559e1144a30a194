/**
 * Who is asking: the signed-in user of a request (read from the server-side session on every
 * request, so a deleted user or a changed role takes effect at once) and the guards routes use.
 */
import { eq, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { toCurrentUser, type CurrentUser } from "./auth.server";
import { findUserById } from "./user-lookup.server";
import { isSuspendedAt } from "~/features/moderation/index.server";
import { shellCountColumns, type ShellCounts } from "~/features/notifications/index.server";
import { readDb, schema, type AppDatabase } from "~/utils/db.server";
import { perDatabase } from "~/utils/statement-cache.server";
import { getEnv } from "~/utils/env.server";
import { forbidden, unauthorized } from "~/utils/errors.server";
import { can, type Permission } from "~/utils/permissions";
import { acceptSessionRow, sessionIdOf, type SessionRow } from "~/utils/session.server";
import type { User } from "../../../db/schema";
import { createToastHeader } from "~/utils/toast.server";
import { errorToast, successToast } from "~/utils/toast";
import type { ToastMessage } from "~/components/ui/toaster";

/** The signed-in member of a request, and the shell's counts when they were read with them. */
export type SignedIn = { user: CurrentUser; shellCounts: ShellCounts | undefined };

const signedInByRequest = new WeakMap<Request, Promise<SignedIn | null>>();

/**
 * The request's session and its member in one statement (a join), with the shell's counts as
 * more columns of it when asked: on PostgreSQL each statement is a round trip, and these ran on
 * every page as three or four (docs/scaling.md, "Round trips per page"). Prepared once per database.
 */
const signedInStatements = perDatabase((db: AppDatabase) => {
  const { sessions, users } = schema;
  const bySid = eq(sessions.sid, sql.placeholder("sid"));
  return {
    member: db.select({ session: sessions, user: users }).from(sessions).leftJoin(users, eq(users.id, sessions.userId)).where(bySid).prepare(),
    memberAndCounts: db
      .select({ session: sessions, user: users, ...shellCountColumns(db) })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(bySid)
      .prepare(),
  };
});

async function readSignedIn(request: Request, withShellCounts: boolean): Promise<SignedIn | null> {
  if (!request.headers.get("Cookie")?.includes("quads_session=")) return null;
  const sid = await sessionIdOf(request);
  if (!sid) return null;
  const statements = signedInStatements(readDb());
  let row: { session: SessionRow; user: User | null } | undefined;
  let counts: ShellCounts | undefined;
  if (withShellCounts) {
    const [read] = await statements.memberAndCounts.execute({ sid });
    if (read) {
      const { session, user, ...shellCounts } = read;
      row = { session, user };
      counts = shellCounts;
    }
  } else {
    [row] = await statements.member.execute({ sid });
  }
  const session = await acceptSessionRow(sid, row?.session);
  const userId = session?.userId;
  if (!row || !userId) return null;
  // sessions.user_id mirrors the session's userId (session.server.ts writes both); should they ever differ, the session's wins.
  const user = row.user?.id === userId ? row.user : await findUserById(userId);
  if (!user) return null;
  // A suspended member is signed out on every request, from the same row read (docs/moderation.md).
  if (isSuspendedAt(user.suspendedUntil)) return null;
  // Counted for the joined member: only theirs if that is the session's.
  return { user: toCurrentUser(user), shellCounts: row.user?.id === userId ? counts : undefined };
}

function signedInOf(request: Request, withShellCounts: boolean): Promise<SignedIn | null> {
  let pending = signedInByRequest.get(request);
  if (!pending) {
    pending = readSignedIn(request, withShellCounts);
    signedInByRequest.set(request, pending);
  }
  return pending;
}

/** The signed-in user, or null. Memoised per request (one statement: the session and the member). */
export async function getOptionalUser(request: Request): Promise<CurrentUser | null> {
  return (await signedInOf(request, false))?.user ?? null;
}

/**
 * The signed-in user with the shell's counts read in the same statement, when this is the
 * request's first look at its member (the root loader's; the page loaders run beside it and
 * share the memo). `shellCounts` is undefined when another caller looked first: read them then.
 */
export function getOptionalUserWithShellCounts(request: Request): Promise<SignedIn | null> {
  return signedInOf(request, true);
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
