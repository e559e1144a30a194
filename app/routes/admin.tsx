import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Outlet, useLoaderData } from "react-router";
import { AppLink, AppNavLink } from "~/components/ui/app-link";
import { spaced } from "~/components/ui/spaced";
import { adminTabs, auditLogLink, mailLink, moderationTabs } from "~/features/admin";
import { requirePagePermission, userCan } from "~/features/auth/index.server";
import { pageMeta } from "~/utils/meta";
import { routes } from "~/utils/routes";

export const meta: MetaFunction = ({ matches }) => pageMeta("Admin Panel", matches);

/**
 * The panel opens for admins and moderators; anyone else goes to / with 'Access Denied'.
 * Moderators see only the Reports tab; every tab checks its own permission again.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePagePermission(request, "content:moderate");
  return { isAdmin: userCan(user, "admin:access") };
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-white text-indigo-700 shadow-sm" : "text-slate-700 hover:text-slate-900"}`;

/** A row of tabs, a space apart (app/components/ui/spaced.ts). */
function TabLinks({ tabs }: { tabs: readonly { slug: string; label: string }[] }) {
  return spaced(
    tabs.map((tab) => (
      <AppNavLink key={tab.slug} to={routes.adminTab(tab.slug)} className={tabClass}>
        {tab.label}
      </AppNavLink>
    )),
  );
}

export default function AdminLayout() {
  const { isAdmin } = useLoaderData<typeof loader>();
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <AppLink to={routes.home} className="text-sm font-medium text-indigo-700 hover:underline">
          ← Back to Dashboard
        </AppLink>{" "}
        {isAdmin ? (
          <div className="flex gap-4">
            {spaced(
              [mailLink, auditLogLink].map((link) => (
                <AppNavLink
                  key={link.slug}
                  to={routes.adminTab(link.slug)}
                  className={({ isActive }) => `text-sm font-medium hover:underline ${isActive ? "text-indigo-800 underline" : "text-indigo-700"}`}
                >
                  {link.label}
                </AppNavLink>
              )),
            )}
          </div>
        ) : null}
      </div>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">Admin Panel</h1>
      <div className="mt-4 flex flex-wrap items-center gap-1 rounded-lg bg-slate-100 p-1">
        {isAdmin ? (
          <nav aria-label="Admin sections" className="flex flex-wrap gap-1">
            <TabLinks tabs={adminTabs} />
          </nav>
        ) : null}{" "}
        <nav aria-label="Moderation" className={`flex flex-wrap gap-1 ${isAdmin ? "border-l border-slate-300 pl-1" : ""}`}>
          <TabLinks tabs={moderationTabs} />
        </nav>
      </div>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
