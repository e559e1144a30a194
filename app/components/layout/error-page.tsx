import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { GlobalFooter } from "~/components/layout/global-footer";
import { Header } from "~/components/layout/header";
import { SkipLink } from "~/components/ui/skip-link";
import { defaultFooter, type PublicSettings } from "~/features/settings";
import type { loader } from "~/root";
import { buttonClass } from "~/components/ui/button";

/** What every 404 page says (the root error boundary's and the unknown path's, app/routes/$.tsx). */
export const NOT_FOUND = { title: "Page Not Found", message: "The page you are looking for does not exist or has moved." };

/** The root error boundary's page: the header, the error and the footer. */
export function ErrorPage() {
  const error = useRouteError();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const settings: PublicSettings = rootData?.settings ?? { socialLinks: [], supportLinks: {}, footer: defaultFooter("Quads") };
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  const title = isNotFound ? NOT_FOUND.title : isRouteErrorResponse(error) ? `Error ${error.status}` : "Something went wrong";
  const message = isNotFound
    ? NOT_FOUND.message
    : isRouteErrorResponse(error) && typeof error.data === "string" && (error.status < 500 || error.status === 503)
      ? error.data // a 503's message is written for members: the database is down or busy, try again (app/utils/http.server.ts)
      : "We could not show this page. Please try again in a moment.";
  return (
    <>
      <SkipLink />
      <Header
        user={rootData?.user ?? null}
        communityName={rootData?.communityName ?? "Quads"}
        unreadNotifications={rootData?.counts.unreadNotifications ?? 0}
        theme={rootData?.theme ?? "system"}
      />
      <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-16 text-center focus:outline-none">
        <ErrorMessage title={title} message={message} />
      </main>
      <GlobalFooter settings={settings} year={rootData?.year ?? new Date().getFullYear()} />
    </>
  );
}

export function ErrorMessage({ title, message }: { title: string; message: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-10 shadow-sm">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-600">{message}</p>
      <AppLink to="/" className={`mt-6 ${buttonClass()}`}>
        Go to the dashboard
      </AppLink>
    </div>
  );
}
