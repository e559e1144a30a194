import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData, useOutletContext, useRouteLoaderData } from "react-router";
import type { ReactNode } from "react";
import { lazy, Suspense } from "react";
import { loadDashboard } from "~/features/dashboard/index.server";
import { getOptionalUser } from "~/features/auth/index.server";
import type { loader as rootLoader } from "~/root";
import { LandingPage as ServerLandingPage } from "~/features/landing/components/landing-page";
import { DashboardPage as ServerDashboardPage } from "~/features/dashboard/components/dashboard-page";

/**
 * `/` is two pages: the visitors' landing page and the members' dashboard. Each is a browser chunk
 * of its own, so a visitor never loads the dashboard's code and a member never loads the landing
 * page's. The server renders them directly (a dynamic import there would split the server build
 * into several files); the browser fetches the chunk while hydrating, and the Suspense boundary
 * keeps the server's HTML meanwhile.
 */
const LandingPage = import.meta.env.SSR
  ? ServerLandingPage
  : lazy(() => import("~/features/landing/components/landing-page").then((module) => ({ default: module.LandingPage })));
const DashboardPage = import.meta.env.SSR
  ? ServerDashboardPage
  : lazy(() => import("~/features/dashboard/components/dashboard-page").then((module) => ({ default: module.DashboardPage })));

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) return { dashboard: null };
  return { dashboard: await loadDashboard(request, user) };
}

export default function IndexPage() {
  const { dashboard } = useLoaderData<typeof loader>();
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  const outletContext = useOutletContext<{ themeMenu?: ReactNode } | undefined>();
  if (!dashboard) {
    return (
      <Suspense fallback={null}>
        <LandingPage communityName={rootData?.communityName ?? "Quads"} socialLinks={rootData?.settings.socialLinks ?? []}
          themeMenu={outletContext?.themeMenu}
          year={rootData?.year ?? new Date().getFullYear()}
        />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={null}>
      <DashboardPage dashboard={dashboard} supportLinks={rootData?.settings.supportLinks ?? {}} />
    </Suspense>
  );
}
