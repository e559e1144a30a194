import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { ColumnHeads } from "~/components/ui/column-heads";
import { useLoaderData, useLocation } from "react-router";
import { EmptyState } from "~/components/ui/page";
import { TableScrollRegion } from "~/components/ui/scroll-region";
import { Pagination } from "~/components/ui/pagination";
import { describeAuditAction, listAuditEntries } from "~/features/audit/index.server";
import { requirePagePermission } from "~/features/auth/index.server";
import { pageMeta } from "~/utils/meta";
import { countLabel } from "~/utils/plural";
import { AdminTabHeader } from "~/features/admin/components/tab-header";
import { readPageParam } from "~/utils/http.server";

export const meta: MetaFunction = ({ matches }) => pageMeta("Audit Log · Admin Panel", matches);

/** Who did what and when in the admin panel, newest first (admins only). */
export async function loader({ request, url }: LoaderFunctionArgs) {
  await requirePagePermission(request, "admin:access");
  const page = readPageParam(url.searchParams);
  const log = await listAuditEntries({ page });
  return { ...log, entries: log.entries.map((entry) => ({ ...entry, label: describeAuditAction(entry.action) })) };
}

export default function AuditLogPage() {
  const { entries, page, pageCount, total } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <section aria-labelledby="audit-log-heading">
      <AdminTabHeader
        id="audit-log-heading"
        title="Audit Log"
        summary={`Every admin action: role changes, deletions, settings and content changes. ${countLabel(total, "entry", "entries")}, newest first.`}
      />
      {entries.length === 0 ? (
        <EmptyState title="No admin actions yet" message="Role changes, deletions and settings changes will be listed here." />
      ) : (
        <TableScrollRegion label="Audit log entries">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <ColumnHeads columns={["When", "Who", "What", "Details"]} cellClass="px-4 py-3" />
            <tbody className="divide-y divide-slate-100">
              {entries.map((entry) => (
                <tr key={entry.id} data-testid="audit-entry" data-action={entry.action}>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                    <time dateTime={new Date(entry.createdAt).toISOString()}>
                      {new Date(entry.createdAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC
                    </time>
                  </td>
                  <td className="px-4 py-3 text-slate-900">{entry.actorEmail}</td>
                  <td className="px-4 py-3">
                    <span className="font-medium text-slate-900">{entry.label}</span>
                    <span className="block text-xs text-slate-500">{entry.action}</span>
                  </td>
                  <td className="px-4 py-3 text-slate-700">{entry.summary}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScrollRegion>
      )}
      <Pagination pathname={location.pathname} page={page} pageCount={pageCount} label="Audit log pages" layout="spread" />
    </section>
  );
}
