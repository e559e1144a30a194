import { LiveUpdates } from "~/features/live/components/live-updates";
import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { data } from "react-router";
import {
  Form,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteLoaderData,
  unstable_useRoute as useRoute,
} from "react-router";
import { lazy, Suspense, type ReactNode } from "react";
import { ErrorPage as ServerErrorPage } from "~/components/layout/error-page";
import { GlobalFooter } from "~/components/layout/global-footer";
import { SkipLink } from "~/components/ui/skip-link";
import { Header, ThemeMenu } from "~/components/layout/header";
import { Sidebar } from "~/components/layout/sidebar";
import { Toaster, type ToastMessage } from "~/components/ui/toaster";
import { countMembers } from "~/features/members/index.server";
import { readShellCounts } from "~/features/notifications/index.server";
import { getPublicSettings } from "~/features/settings/index.server";
import { getOptionalUserWithShellCounts } from "~/features/auth/index.server";
import { headerNameOf } from "~/utils/display-name";
import { getEnv } from "~/utils/env.server";
import { useNonce } from "~/utils/nonce-provider";
import { routes } from "~/utils/routes";
import type { Theme } from "~/utils/theme";
import { getTheme } from "~/utils/theme.server";
import { getToast } from "~/utils/toast.server";
import { shellBookkeepingSettled } from "~/utils/shell-bookkeeping.server";
import stylesheet from "./tailwind.css?url";
import { avatarSources } from "~/utils/avatar-url";

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => {
  const name = loaderData?.communityName ?? "Quads";
  return [
    { title: `${name} · AI Community Platform` },
    { name: "description", content: `${name}: a community for AI enthusiasts. Discussions, weekly live meetings, resources and badges.` },
  ];
};

export async function loader({ request }: LoaderFunctionArgs) {
  const env = getEnv();
  // The session, the member and the shell's counts: one statement (docs/scaling.md, "Round trips per page").
  const [signedIn, { toast, headers }] = await Promise.all([getOptionalUserWithShellCounts(request), getToast(request)]);
  const settings = await getPublicSettings();
  let shell;
  if (signedIn) {
    const { user } = signedIn;
    // The page's own bookkeeping first: opening /discussions clears its badge on that very page (read again when it moved them).
    const countsMoved = await shellBookkeepingSettled(request);
    const counts = !countsMoved && signedIn.shellCounts ? signedIn.shellCounts : await readShellCounts(user.id);
    shell = {
      user: { id: user.id, name: headerNameOf(user), avatar: avatarSources(user.avatarUrl), isAdmin: user.isAdmin, isModerator: user.isModerator, email: user.email, isEmailVerified: user.emailVerifiedAt !== null },
      counts: { ...counts, totalMembers: await countMembers() },
    };
  } else {
    shell = { user: null, counts: { unreadDiscussions: 0, unreadNotifications: 0, unreadMessages: 0, totalMembers: 0 } };
  }
  return data({ ...shell, toast, settings, communityName: env.COMMUNITY_NAME, theme: getTheme(request), year: new Date().getFullYear() }, headers ? { headers } : undefined);
}

/**
 * The one toast on screen: an action's toast (a form re-rendered with an error returns
 * `{ toast }` in its action data) wins over the flash toast a redirect left in the cookie. A form
 * sent by navigation runs the action of the deepest route at its URL, which is then the page's
 * last match: its action data is read through `unstable_useRoute` (public, marked unstable:
 * re-checked on every upgrade, docs/decisions/0094-how-to-upgrade-react-router.md).
 */
function useCurrentToast(flashToast: ToastMessage | null | undefined): ToastMessage | null {
  const matches = useMatches();
  const leafRouteId = matches[matches.length - 1]?.id ?? "root";
  const actionData: unknown = (useRoute as (routeId: string) => { actionData?: unknown } | undefined)(leafRouteId)?.actionData;
  const actionToast = actionData && typeof actionData === "object" && "toast" in actionData ? (actionData.toast as ToastMessage) : null;
  return actionToast ?? flashToast ?? null;
}

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const toast = useCurrentToast(rootData?.toast);
  const nonce = useNonce();
  // The theme is on the first byte (no flash); "system" follows prefers-color-scheme in CSS.
  const theme: Theme = rootData?.theme ?? "system";
  return (
    <html lang="en" className="h-full" data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* The root's two links written here rather than through a `links` export: <Links> would
            give them the CSP nonce, which neither needs (style-src is 'self'; an icon is an image),
            66 bytes on every page (docs/performance.md, "React Router 7"). <Links> stays for any
            route's own links and stylesheets. */}
        <link rel="stylesheet" href={stylesheet} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Links />
        {/* Where Vite's preload helper finds the nonce for the modulepreload links it adds when a
            chunk loads on use; without it the CSP refuses them (docs/decisions/0081-slow-connection-first-view.md).
            The browser hides a nonce once the page has loaded, and the client renders none. */}
        <meta property="csp-nonce" nonce={nonce} suppressHydrationWarning />
      </head>
      <body>
        {children}
        <Toaster toast={toast} />
        {/* Remix 2's key: shorter than React Router's default ("react-router-scroll-positions"), and positions saved before the move still apply. */}
        <ScrollRestoration nonce={nonce} storageKey="positions" />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { user, counts, settings, communityName, theme, year } = useLoaderData<typeof loader>();
  const location = useLocation();
  if (!user) {
    // The landing page draws its own top bar and footer; /login gets the visitor header.
    const isLanding = location.pathname === "/";
    return (
      <>
        <SkipLink />
        {isLanding ? null : <Header user={null} communityName={communityName} unreadNotifications={0} theme={theme} />}
        {/* The landing page puts the theme menu in its own top bar. */}
        <Outlet context={{ themeMenu: <ThemeMenu theme={theme} /> }} />
        {isLanding ? null : <GlobalFooter settings={settings} year={year} />}
      </>
    );
  }
  return (
    <>
      <SkipLink />
      <Header user={user} communityName={communityName} unreadNotifications={counts.unreadNotifications} unreadMessages={counts.unreadMessages} theme={theme} />
      <LiveUpdates unreadNotifications={counts.unreadNotifications} unreadMessages={counts.unreadMessages} />
      <div className="app-frame">
        <Sidebar totalMembers={counts.totalMembers} unreadDiscussions={counts.unreadDiscussions} settings={settings} />
        <main id="main" tabIndex={-1} className="app-main">
          {user.isEmailVerified ? null : <VerifyEmailBanner email={user.email} />}
          <Outlet />
        </main>
      </div>
      <GlobalFooter settings={settings} year={year} />
    </>
  );
}

/** Shown to members whose e-mail is not verified yet (docs/accounts.md); the form works without JavaScript. */
function VerifyEmailBanner({ email }: { email: string }) {
  const location = useLocation();
  return (
    <section aria-label="Verify your e-mail" className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="verify-email-banner">
      <p>
        Please confirm your e-mail address: we sent a link to <strong>{email}</strong>.
      </p>
      <Form method="post" action={routes.verifyEmail}>
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <button type="submit" className="rounded-md border border-amber-400 bg-white px-3 py-1.5 font-semibold hover:bg-amber-100">
          Resend verification e-mail
        </button>
      </Form>
    </section>
  );
}

/**
 * The error page is a browser chunk of its own, fetched when a page fails (or while hydrating a
 * page that did): the pages that work do not load it (docs/decisions/0078-shell-code-after-hydration.md).
 * The server renders it directly, as `/` does.
 */
const ErrorPage = import.meta.env.SSR
  ? ServerErrorPage
  : /* @__PURE__ */ lazy(() => import("~/components/layout/error-page").then((module) => ({ default: module.ErrorPage })));

export function ErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <ErrorPage />
    </Suspense>
  );
}
