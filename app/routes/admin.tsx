import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, NavLink, Outlet } from "@remix-run/react";
import { adminTabs, auditLogLink, mailLink } from "~/features/admin/tabs";
import { requirePagePermission } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta";
import { routes } from "~/utils/routes";

export const meta: MetaFunction = ({ matches }) => pageMeta("Admin Panel", matches);

/** Every /admin page needs admin rights; anyone else goes to / with 'Access Denied'. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePagePermission(request, "admin:access");
  return null;
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-white text-indigo-700 shadow-sm" : "text-slate-700 hover:text-slate-900"}`;

export default function AdminLayout() {
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={routes.home} className="text-sm font-medium text-indigo-700 hover:underline">
          ← Back to Dashboard
        </Link>
        <div className="flex gap-4">
          {[mailLink, auditLogLink].map((link) => (
            <NavLink
              key={link.slug}
              to={routes.adminTab(link.slug)}
              className={({ isActive }) => `text-sm font-medium hover:underline ${isActive ? "text-indigo-800 underline" : "text-indigo-700"}`}
            >
              {link.label}
            </NavLink>
          ))}
        </div>
      </div>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">Admin Panel</h1>
      <nav aria-label="Admin sections" className="mt-4 flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
        {adminTabs.map((tab) => (
          <NavLink key={tab.slug} to={routes.adminTab(tab.slug)} className={tabClass}>
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
