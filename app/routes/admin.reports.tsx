import { readFormData, readIdField } from "~/utils/http.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { EmptyState } from "~/components/ui/page";
import { answerAdminForm, formValues } from "~/features/admin/index.server";
import { dispatchIntent } from "~/utils/page-action.server";
import { ReportQueueItem } from "~/features/reports/components/report-queue";
import { resolveActions, type ResolveAction } from "~/features/reports";
import { listOpenReports, resolveReport } from "~/features/reports/index.server";
import { requirePagePermission } from "~/features/auth/index.server";
import { pageMeta } from "~/utils/meta";
import { AdminTabHeader } from "~/features/admin/components/tab-header";

export const meta: MetaFunction = ({ matches }) => pageMeta("Reports", matches);

/** The moderation queue (content:moderate): open reports grouped by item, most recently reported first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePagePermission(request, "content:moderate");
  return await listOpenReports({ actor: user });
}

/** One form per action (intent = dismiss | hide | delete | warn | suspend, reportId, message). */
export async function action({ request, url }: ActionFunctionArgs) {
  const user = await requirePagePermission(request, "content:moderate");
  const formData = await readFormData(request);
  const values = formValues(formData);
  const resolve = (intent: string) =>
    answerAdminForm(
      request,
      url,
      async () => (await resolveReport({ actor: user, reportId: readIdField(formData, "reportId", "Report"), input: { action: intent as ResolveAction, message: values.message, days: values.days } })).message,
      { intent, description: "Failed to resolve the report", target: values.reportId ?? "", values },
    );
  return dispatchIntent(formData, Object.fromEntries(resolveActions.map((name) => [name, resolve])));
}

export default function ReportsTab() {
  const { groups, total } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return (
    <section aria-labelledby="reports-heading">
      <AdminTabHeader
        id="reports-heading"
        title="Reports"
        summary={`${total === 0 ? "Nothing waiting." : `${total} ${total === 1 ? "item" : "items"} waiting, most recently reported first.`} Every action is written to the audit log; reporters hear back when action is taken.`}
      />
      {groups.length === 0 ? (
        <EmptyState title="No open reports" message="When members report a post, a reply, a comment or a profile, it shows up here." />
      ) : (
        <ol className="space-y-4">
          {groups.map((group) => (
            <ReportQueueItem key={`${group.target.type}:${group.target.id}`} group={group} failure={failure && failure.formId === String(group.reportId) ? failure : null} />
          ))}
        </ol>
      )}
    </section>
  );
}
