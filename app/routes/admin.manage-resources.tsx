import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useCallback, useState } from "react";
import { Card, EmptyState } from "~/components/ui/page";
import { Pagination } from "~/components/ui/pagination";
import { DeleteConfirmation, ModalDialog, useCloseAfterSubmit } from "~/features/resources/components/modal-dialog";
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
  const { items, total, page, pageCount, editing, deleting } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const failedEdit = actionData?.intent === "update" ? (items.find((item) => String(item.id) === actionData.formId) ?? editing) : null;
  const [dialogEdit, setDialogEdit] = useState<ResourceView | null>(null);
  const [dialogDelete, setDialogDelete] = useState<ResourceView | null>(null);
  const shownEdit = dialogEdit ?? (failedEdit && !editing ? failedEdit : null);
  const closeEdit = useCallback(() => setDialogEdit(null), []);
  const closeDelete = useCallback(() => setDialogDelete(null), []);
  useCloseAfterSubmit(Boolean(actionData?.result?.status === "error"), closeEdit);
  useCloseAfterSubmit(false, closeDelete);

  const stepHref = (key: "edit" | "delete", id: number) => {
    const params = new URLSearchParams(searchParams);
    params.delete("edit");
    params.delete("delete");
    params.set(key, String(id));
    return `?${params.toString()}`;
  };

  return (
    <>
      <h2 className="mb-4 text-xl font-semibold text-slate-900">Manage Resources ({total})</h2>

      {editing ? (
        <Card className="mb-6 max-w-2xl">
          <h3 className="mb-4 text-lg font-semibold text-slate-900">Edit Resource</h3>
          <ResourceForm
            id={`edit-resource-${editing.id}`}
            action={`${path}?edit=${editing.id}`}
            intent="update"
            resourceId={editing.id}
            lastResult={actionData?.intent === "update" ? actionData.result : undefined}
            defaultValue={editing}
            submitLabel="Update Resource"
            pendingLabel="Updating..."
          />
          <Link to={path} className="mt-2 inline-block text-sm text-slate-600 hover:underline">
            Cancel
          </Link>
        </Card>
      ) : null}

      {deleting ? (
        <Card className="mb-6 max-w-2xl">
          <h3 className="mb-2 text-lg font-semibold text-slate-900">Delete “{deleting.title}”?</h3>
          <DeleteConfirmation question={DELETE_QUESTION} action={`${path}?delete=${deleting.id}`} idName="resourceId" id={deleting.id} cancelHref={path} />
        </Card>
      ) : null}

      {items.length === 0 ? (
        <EmptyState title="No resources yet" message="Resources you add appear here, newest first." />
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
          {items.map((resource) => (
            <li key={resource.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="admin-resource-row">
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
              <div className="flex gap-2">
                <Link
                  to={stepHref("edit", resource.id)}
                  onClick={(event) => {
                    event.preventDefault();
                    setDialogEdit(resource);
                  }}
                  aria-label={`Edit ${resource.title}`}
                  className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
                >
                  Edit
                </Link>
                <Link
                  to={stepHref("delete", resource.id)}
                  onClick={(event) => {
                    event.preventDefault();
                    setDialogDelete(resource);
                  }}
                  aria-label={`Delete ${resource.title}`}
                  className="rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
                >
                  Delete
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} searchParams={searchParams} label="Resource list pages" />

      <ModalDialog isOpen={Boolean(shownEdit)} onClose={closeEdit} title="Edit Resource">
        {shownEdit ? (
          <ResourceForm
            key={shownEdit.id}
            id={`edit-resource-dialog-${shownEdit.id}`}
            action={path}
            intent="update"
            resourceId={shownEdit.id}
            lastResult={actionData?.intent === "update" && actionData.formId === String(shownEdit.id) ? actionData.result : undefined}
            defaultValue={shownEdit}
            submitLabel="Update Resource"
            pendingLabel="Updating..."
            onCancel={closeEdit}
          />
        ) : null}
      </ModalDialog>
      <ModalDialog isOpen={Boolean(dialogDelete)} onClose={closeDelete} title="Delete Resource">
        {dialogDelete ? <DeleteConfirmation question={DELETE_QUESTION} action={path} idName="resourceId" id={dialogDelete.id} onCancel={closeDelete} /> : null}
      </ModalDialog>
    </>
  );
}
