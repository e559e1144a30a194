import { readFormData, readIdField, readIntegerParam } from "~/utils/http.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { EmptyState } from "~/components/ui/page";
import { answerAdminForm, formValues } from "~/features/admin/index.server";
import { dispatchIntent } from "~/utils/page-action.server";
import { ReportQueueItem } from "~/features/reports/components/report-queue";
import { resolveActions, type ResolveAction } from "~/features/reports";
import { listOpenReports, openReportedMessage, resolveReport } from "~/features/reports/index.server";
import { requirePagePermission } from "~/features/auth/index.server";
import { pageMeta } from "~/utils/meta";
import { AdminTabHeader } from "~/features/admin/components/tab-header";

export const meta: MetaFunction = ({ matches }) => pageMeta("Reports", matches);

/** The moderation queue (content:moderate): open reports grouped by item, most recently reported first; `?open=<report id>` opens a reported private message (audited). */
export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requirePagePermission(request, "content:moderate");
  const openId = readIntegerParam(url.searchParams, "open", { min: 1 });
  const opened = openId === undefined ? null : await openReportedMessage({ actor: user, reportId: openId });
  return { ...(await listOpenReports({ actor: user })), opened };
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
  const { groups, total, opened } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return (
    <section aria-labelledby="reports-heading">
      <AdminTabHeader
        id="reports-heading"
        title="Reports"
        summary={`${total === 0 ? "Nothing waiting." : `${total} ${total === 1 ? "item" : "items"} waiting, most recently reported first.`} Every action is written to the audit log; reporters hear back when action is taken.`}
      />
      {groups.length === 0 ? (
        <EmptyState title="No open reports" message="When members report a post, a reply, a comment, a profile or a private message, it shows up here." />
      ) : (
        <ol className="space-y-4">
          {groups.map((group) => (
            <ReportQueueItem key={`${group.target.type}:${group.target.id}`} group={group} failure={failure && failure.formId === String(group.reportId) ? failure : null} opened={opened?.reportId === group.reportId ? opened : null} />
          ))}
        </ol>
      )}
    </section>
  );
}
