import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { lazy } from "react";
import { ManageList } from "~/features/admin/components/manage-list";
import { addedOn, previewLink } from "~/features/admin";
import { loadManageList, submitManageList } from "~/features/admin/index.server";
import { ResourceForm as ServerResourceForm } from "~/features/resources/components/resource-form";
import { difficultyLabels, pricingLabels, resourceTypeIcons, resourceTypeLabels } from "~/features/resources";
import { submitResourceForm, deleteResource, getResource, listResourcesForAdmin } from "~/features/resources/index.server";
import { routes } from "~/utils/routes";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta("Manage Resources · Admin Panel", matches);

// Loaded when an edit dialog or step opens, in the browser; the server renders it directly
// (docs/decisions/0098-dialogs-load-their-forms-on-use.md).
const ResourceForm = import.meta.env.SSR
  ? ServerResourceForm
  : /* @__PURE__ */ lazy(() => import("~/features/resources/components/resource-form").then((module) => ({ default: module.ResourceForm })));

const tab = { permission: "resources:manage", path: routes.adminTab("manage-resources"), noun: "Resource", idName: "resourceId" } as const;

export async function loader({ request, url }: LoaderFunctionArgs) {
  return loadManageList(request, url, { ...tab, list: listResourcesForAdmin, find: getResource });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitManageList(request, {
    ...tab,
    remove: deleteResource,
    update: ({ formData, actor, id }) => submitResourceForm({ formData, actor, resourceId: id }),
  });
}

export default function ManageResourcesTab() {
  const list = useLoaderData<typeof loader>();
  return (
    <ManageList
      {...list}
      {...tab}
      nameOf={(resource) => resource.title}
      summary={(resource) => (
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            <span aria-hidden="true">{resourceTypeIcons[resource.resourceType]}</span> {resource.title}
          </p>
          <p className="text-xs text-slate-600">
            {resourceTypeLabels[resource.resourceType]} · {difficultyLabels[resource.difficulty]} · {pricingLabels[resource.pricingCategory] ?? resource.pricingCategory} ·{" "}
            {addedOn(resource.createdAt)}
          </p>
          <p className="truncate text-xs text-slate-500" title={resource.url}>
            {previewLink(resource.url)}
          </p>
        </div>
      )}
      editForm={(resource, props) => (
        <ResourceForm {...props} intent="update" resourceId={resource.id} defaultValue={resource} submitLabel="Update Resource" pendingLabel="Updating..." />
      )}
    />
  );
}
