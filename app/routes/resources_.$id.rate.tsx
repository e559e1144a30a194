import type { ActionFunctionArgs, MetaFunction } from "react-router";
import { redirect } from "react-router";
import { useActionData } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { EmptyState } from "~/components/ui/page";
import { failureMessage, failureValues } from "~/components/ui/form-failure";
import { getResource, rateResource } from "~/features/resources/index.server";
import { resourceUrls } from "~/features/resources";
import { replacingHistory, safeRedirectPath } from "~/utils/url";
import { requireUser } from "~/features/auth/index.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";
import { successToast } from "~/utils/toast";
import { handlePage, readFormData, readIdParam } from "~/utils/http.server";
import { formFailure, formResult, handleRefusal } from "~/utils/page-action.server";

export const meta: MetaFunction = ({ matches }) => pageMeta("Rate resource", matches);

/** Nothing to show here on a GET: back to the library. */
export const loader = () => redirect(resourceUrls.list);

/** A member's 1–5 rating of a resource (one per member; re-rating replaces it). */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  const resourceId = await handlePage(() => readIdParam(params.id, "Resource"));
  const back = safeRedirectPath(formData.get("redirectTo"), resourceUrls.list);
  return handleRefusal(
    async () => {
      const result = await rateResource({ userId: user.id, resourceId, input: { rating: formData.get("rating") } });
      const { title } = await getResource(resourceId);
      const target = back.includes("#") ? back : `${back}#${resourceUrls.card(resourceId)}`;
      return replacingHistory(await redirectWithToast(target, successToast(`You rated ${title} ${result.myRating}/5.`)));
    },
    // The failed-form shape of every page action (docs/decisions/0076-page-action-pattern.md).
    (error) => formFailure({ intent: "", result: formResult({ rating: String(formData.get("rating") ?? ""), redirectTo: back }, { "": [error.message] }) }, { status: error.status }),
  );
}

/** Only reached without JavaScript when a rating was refused. */
export default function RateResourcePage() {
  const actionData = useActionData<typeof action>();
  return (
    <EmptyState title="Your rating was not saved" message={failureMessage(actionData) ?? "Please choose a rating from 1 to 5."}>
      <AppLink to={failureValues(actionData).redirectTo ?? resourceUrls.list} className="font-medium text-indigo-700 hover:underline">
        Back to the AI Resource Library
      </AppLink>
    </EmptyState>
  );
}
