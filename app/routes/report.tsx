import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data } from "react-router";
import { Form, useActionData, useLoaderData, useLocation } from "react-router";
import { readerOf } from "~/features/discussions/index.server";
import { ReportForm } from "~/features/reports/components/report-form";
import { reportMessages, reportTargetTypes, targetNouns, type ReportTargetType } from "~/features/reports";
import { createReport, getReportableTarget, reportFormSchema } from "~/features/reports/index.server";
import { requireUser } from "~/features/auth/index.server";
import { notFound } from "~/utils/errors.server";
import { pageMeta } from "~/utils/meta";
import { routes } from "~/utils/routes";
import { redirectWithToast } from "~/utils/toast.server";
import { handlePage, pageErrorResponse, readFormData } from "~/utils/http.server";
import { errorToast, successToast } from "~/utils/toast";
import { answerFormRefusal, handleRefusal, submitSchemaFormAsync } from "~/utils/page-action.server";
import { useIsPending } from "~/components/ui/use-is-pending";

export const meta: MetaFunction = ({ matches }) => pageMeta("Report", matches);

function targetOf(url: URL): { targetType: ReportTargetType; targetId: string } {
  const params = url.searchParams;
  const type = params.get("type") ?? "";
  const id = params.get("id") ?? "";
  if (!(reportTargetTypes as readonly string[]).includes(type) || !id) throw notFound();
  return { targetType: type as ReportTargetType, targetId: id };
}

/** The report page (and the dialog's form): what is being reported, or why it cannot be. */
export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { targetType, targetId } = await handlePage(() => targetOf(url));
  return handleRefusal(
    async () => {
      const target = await getReportableTarget({ actor: user, targetType, targetId });
      const isWithheld = target.isHidden && !readerOf(user).canModerate;
      return {
        noun: targetNouns[targetType],
        target: { label: isWithheld ? `A hidden ${targetNouns[targetType]}` : target.label, excerpt: isWithheld ? "" : target.excerpt, link: target.link ?? routes.home },
        problem: null,
      };
    },
    (error) => {
      if (error.status === 404) throw pageErrorResponse(error);
      return data({ noun: targetNouns[targetType], target: null, problem: error.message }, { status: error.status });
    },
  );
}

/** Sends the report: back to the item with the thanks toast, or the form again with the reason (400 / 404 / 409). */
export async function action({ request, url }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { targetType, targetId } = await handlePage(() => targetOf(url));
  const outcome = await submitSchemaFormAsync(await readFormData(request), reportFormSchema, async (input) => {
    const target = await getReportableTarget({ actor: user, targetType, targetId });
    await createReport({ actor: user, input: { targetType, targetId, ...input } });
    return target;
  });
  if (outcome.ok) return redirectWithToast(outcome.saved.link ?? routes.home, successToast(reportMessages.thanks, "Report sent"));
  return answerFormRefusal(outcome, { intent: "", toast: errorToast(outcome.error ? outcome.message : reportMessages.reportFailed) });
}

export default function ReportPage() {
  const { noun, target, problem } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const isPending = useIsPending({ state: "submitting" });
  return (
    <div className="mx-auto max-w-xl">
      <h1 className="text-2xl font-bold text-slate-900">{`Report this ${noun}`}</h1>
      {problem || !target ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      ) : (
        <>
          <div className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm">
            <p className="font-medium text-slate-900">{target.label}</p>
            {target.excerpt ? <p className="mt-1 text-slate-600">{target.excerpt}</p> : null}
          </div>
          <p className="mt-4 text-sm text-slate-600">A moderator will look at your report. The author is not told who reported it.</p>
          <div className="mt-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <ReportForm
              FormComponent={Form}
              action={`${location.pathname}${location.search}`}
              lastResult={actionData?.result}
              isPending={isPending}
              cancelTo={target.link}
            />
          </div>
        </>
      )}
    </div>
  );
}
