import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { AddTab } from "~/features/admin/components/add-tab";
import { loadAddTab, submitAddTab } from "~/features/admin/index.server";
import { ResourceForm } from "~/features/resources/components/resource-form";
import { submitResourceForm } from "~/features/resources/index.server";
import { routes } from "~/utils/routes";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta("Add Resources · Admin Panel", matches);

const path = routes.adminTab("add-resources");

export async function loader({ request }: LoaderFunctionArgs) {
  return loadAddTab(request, "resources:manage");
}

export async function action({ request }: ActionFunctionArgs) {
  return submitAddTab(request, {
    permission: "resources:manage",
    path,
    create: submitResourceForm,
    success: "Resource created successfully",
    failure: "Failed to create resource",
  });
}

export default function AddResourcesTab() {
  const { formKey } = useLoaderData<typeof loader>();
  return <AddTab path={path} noun="Resource" formKey={formKey} actionData={useActionData<typeof action>()} form={(props) => <ResourceForm {...props} />} />;
}
