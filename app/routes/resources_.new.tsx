import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { Card, PageHeader } from "~/components/ui/page";
import { ResourceForm } from "~/features/resources/components/resource-form";
import { submitNewResource } from "~/features/resources/index.server";
import { resourceUrls } from "~/features/resources";
import { requirePagePermission } from "~/features/auth/index.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta("Submit Resource", matches);

/** The 'Submit Resource' form as a page: what the button opens without JavaScript. Admins only. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePagePermission(request, "resources:manage");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  return submitNewResource(request);
}

export default function SubmitResourcePage() {
  const actionData = useActionData<typeof action>();
  return (
    <div className="max-w-2xl">
      <AppLink to={resourceUrls.list} className="text-sm font-medium text-indigo-700 hover:underline">
        ← AI Resource Library
      </AppLink>
      <div className="mt-2">
        <PageHeader title="Submit Resource" />
      </div>
      <Card>
        <ResourceForm
          id="submit-resource-page"
          action={resourceUrls.submit}
          intent="create"
          lastResult={actionData?.result}
          submitLabel="Submit Resource"
          pendingLabel="Submitting..."
        />
      </Card>
    </div>
  );
}
