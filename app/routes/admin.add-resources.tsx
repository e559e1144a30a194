import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Card } from "~/components/ui/page";
import { ResourceForm } from "~/features/resources/components/resource-form";
import { submitResourceForm } from "~/features/resources/form.server";
import { requirePagePermission } from "~/utils/auth.server";
import { routes } from "~/utils/routes";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { errorToast } from "~/utils/toast";

export const meta: MetaFunction = ({ matches }) => pageMeta("Add Resources · Admin Panel", matches);

const path = routes.adminTab("add-resources");

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePagePermission(request, "resources:manage");
  // A new key after every save, so the form starts empty again.
  return { formKey: Date.now() };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePagePermission(request, "resources:manage");
  const outcome = submitResourceForm({ formData: await readFormData(request), actor: user });
  if (outcome.ok) return redirectWithToast(path, { title: "Success", description: "Resource created successfully" });
  const toast = errorToast("Failed to create resource");
  return data({ result: outcome.result, toast }, { status: outcome.status });
}

export default function AddResourcesTab() {
  const { formKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <h2 className="mb-4 text-xl font-semibold text-slate-900">Add Resources</h2>
      <Card className="max-w-2xl">
        <ResourceForm
          key={actionData ? "retry" : formKey}
          id="admin-add-resource"
          action={path}
          intent="create"
          lastResult={actionData?.result}
          submitLabel="Add Resource"
          pendingLabel="Adding..."
        />
      </Card>
    </>
  );
}
