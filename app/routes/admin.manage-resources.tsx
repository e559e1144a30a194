import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ManageList } from "~/features/admin/components/manage-list";
import { ResourceForm } from "~/features/resources/components/resource-form";
import { difficultyLabels, pricingLabels, resourceTypeIcons, resourceTypeLabels } from "~/features/resources/constants";
import { submitResourceForm } from "~/features/resources/form.server";
import { deleteResource, getResource, listResourcesForAdmin, type ResourceView } from "~/features/resources/resources.server";
import { requirePagePermission } from "~/utils/auth.server";
import { isAppError } from "~/utils/errors.server";
import { routes } from "~/utils/routes";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData, readPageParam } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { errorToast } from "~/utils/toast";
import { dispatchIntent, formFailure, formResult } from "~/utils/page-action.server";

export const meta: MetaFunction = ({ matches }) => pageMeta("Manage Resources · Admin Panel", matches);

const path = routes.adminTab("manage-resources");
const DELETE_QUESTION = "Are you sure you want to delete this resource? This action cannot be undone.";

function findOptional(id: string | null): ResourceView | null {
  const numeric = Number(id);
  if (!id || !Number.isSafeInteger(numeric)) return null;
  try {
    return getResource(numeric);
  } catch {
    return null;
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePagePermission(request, "resources:manage");
  const searchParams = new URL(request.url).searchParams;
  const list = listResourcesForAdmin(readPageParam(searchParams));
  return {
    ...list,
    // Without JavaScript, Edit and Delete are steps on this page (?edit=ID, ?delete=ID).
    editing: findOptional(searchParams.get("edit")),
    deleting: findOptional(searchParams.get("delete")),
  };
}


export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePagePermission(request, "resources:manage");
  const formData = await readFormData(request);
  const resourceId = Number(formData.get("resourceId"));
  return dispatchIntent(formData, {
    delete: () => {
      try {
        deleteResource({ actor: user, id: resourceId });
        return redirectWithToast(path, { title: "Success", description: "Resource deleted successfully" });
      } catch (error) {
        if (!isAppError(error)) throw error;
        return formFailure({ intent: "delete", result: formResult({}, { "": [error.message] }), toast: errorToast("Failed to delete resource") }, { status: error.status });
      }
    },
    update: () => {
      const outcome = submitResourceForm({ formData, actor: user, resourceId });
      if (outcome.ok) return redirectWithToast(path, { title: "Success", description: "Resource updated successfully" });
      return formFailure({ intent: "update", formId: String(resourceId), result: outcome.result, toast: errorToast("Failed to update resource") }, { status: outcome.status });
    },
  });
}

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

export default function ManageResourcesTab() {
  const list = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ManageList
      {...list}
      path={path}
      noun="Resource"
      failedUpdate={actionData?.intent === "update" ? { id: actionData.formId ? Number(actionData.formId) : null, result: actionData.result } : null}
      idName="resourceId"
      deleteQuestion={DELETE_QUESTION}
      empty={{ title: "No resources yet", message: "Resources you add appear here, newest first." }}
      rowTestId="admin-resource-row"
      nameOf={(resource) => resource.title}
      summary={(resource) => (
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            <span aria-hidden="true">{resourceTypeIcons[resource.resourceType]}</span> {resource.title}
          </p>
          <p className="text-xs text-slate-600">
            {resourceTypeLabels[resource.resourceType]} · {difficultyLabels[resource.difficulty]} · {pricingLabels[resource.pricingCategory] ?? resource.pricingCategory} ·
            Added {dateFormat.format(new Date(resource.createdAt))}
          </p>
          <p className="truncate text-xs text-slate-500" title={resource.url}>
            {resource.url.length > 30 ? `${resource.url.slice(0, 30)}...` : resource.url}
          </p>
        </div>
      )}
      editForm={(resource, props) => (
        <ResourceForm {...props} intent="update" resourceId={resource.id} defaultValue={resource} submitLabel="Update Resource" pendingLabel="Updating..." />
      )}
    />
  );
}
