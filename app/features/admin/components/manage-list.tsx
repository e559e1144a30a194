import { useActionData, useSearchParams } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { Fragment, lazy, Suspense, useCallback, useState, type ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import { DeleteConfirmation as ServerDeleteConfirmation } from "~/components/ui/delete-confirmation";
import { Dialog, useCloseAfterSubmit } from "~/components/ui/dialog";
import { Card, EmptyState } from "~/components/ui/page";
import { Pagination } from "~/components/ui/pagination";
import type { ItemFormProps } from "~/components/ui/item-form";
import type { FormFailure } from "~/components/ui/use-server-form";

// Loaded when the dialog opens, in the browser; the server renders it directly
// (docs/decisions/0098-dialogs-load-their-forms-on-use.md). The routes' edit forms
// likewise: both also show as steps of the page (?edit=, ?delete=), inside a Suspense boundary.
const DeleteConfirmation = import.meta.env.SSR
  ? ServerDeleteConfirmation
  : /* @__PURE__ */ lazy(() => import("~/components/ui/delete-confirmation").then((module) => ({ default: module.DeleteConfirmation })));

type EditFormProps = Pick<ItemFormProps, "id" | "action" | "lastResult" | "onCancel">;

/**
 * An admin tab listing items with Edit and Delete on each row (docs/admin.md: Manage Artists,
 * Manage Resources). With JavaScript, Edit and Delete open dialogs; without, they are steps on the
 * same page (`?edit=ID`, `?delete=ID`, which the loader resolves into `editing` / `deleting`).
 * Its loader and action are app/features/admin/manage-list.server.ts; the route spreads its loader's
 * answer and its `tab` (`ManageTab`, which the loader and action take too).
 */
export function ManageList<T extends { id: number }>({
  path,
  noun,
  total,
  items,
  page,
  pageCount,
  editing,
  deleting,
  idName,
  nameOf,
  summary,
  editForm,
}: {
  /** The tab's own URL: the forms post here. */
  path: string;
  /** "Resource", "Artist": in headings, titles, ids, messages, test ids and the pagination label. */
  noun: string;
  total: number;
  items: T[];
  page: number;
  pageCount: number;
  editing: T | null;
  deleting: T | null;
  /** The name of the hidden id field the action reads ("resourceId"). */
  idName: string;
  nameOf: (item: T) => string;
  summary: (item: T) => ReactNode;
  editForm: (item: T, props: EditFormProps) => ReactNode;
}) {
  const [searchParams] = useSearchParams();
  // What the tab's action answered (a refused edit comes back with its field messages).
  const actionData = useActionData<FormFailure>();
  const slug = noun.toLowerCase();
  const deleteQuestion = `Are you sure you want to delete this ${slug}? This action cannot be undone.`;
  const failedUpdate = actionData?.intent === "update" ? { id: actionData.formId ? Number(actionData.formId) : null, result: actionData.result } : null;
  const failedEdit = failedUpdate ? (items.find((item) => item.id === failedUpdate.id) ?? editing) : null;
  const [dialogEdit, setDialogEdit] = useState<T | null>(null);
  const [dialogDelete, setDialogDelete] = useState<T | null>(null);
  const shownEdit = dialogEdit ?? (failedEdit && !editing ? failedEdit : null);
  const closeEdit = useCallback(() => setDialogEdit(null), []);
  const closeDelete = useCallback(() => setDialogDelete(null), []);
  useCloseAfterSubmit(failedUpdate?.result?.status === "error", closeEdit);
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
      <h2 className="mb-4 text-xl font-semibold text-slate-900">{`Manage ${noun}s (${total})`}</h2>

      {editing ? (
        <Card className="mb-6 max-w-2xl">
          <h3 className="mb-4 text-lg font-semibold text-slate-900">Edit {noun}</h3>
          <Suspense fallback={null}>{editForm(editing, { id: `edit-${slug}-${editing.id}`, action: `${path}?edit=${editing.id}`, lastResult: failedUpdate?.result })}</Suspense>
          <AppLink to={path} className="mt-2 inline-block text-sm text-slate-600 hover:underline">
            Cancel
          </AppLink>
        </Card>
      ) : null}

      {deleting ? (
        <Card className="mb-6 max-w-2xl">
          <h3 className="mb-2 text-lg font-semibold text-slate-900">Delete “{nameOf(deleting)}”?</h3>
          <Suspense fallback={null}>
            <DeleteConfirmation
              question={deleteQuestion}
              action={`${path}?delete=${deleting.id}`}
              fields={{ intent: "delete", [idName]: deleting.id }}
              cancel={
                <AppLink to={path} className={buttonClass("secondary")}>
                  Cancel
                </AppLink>
              }
            />
          </Suspense>
        </Card>
      ) : null}

      {items.length === 0 ? (
        <EmptyState title={`No ${slug}s yet`} message={`${noun}s you add appear here, newest first.`} />
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid={`admin-${slug}-row`}>
              {summary(item)}
              <div className="flex gap-2">
                <StepLink to={stepHref("edit", item.id)} onOpen={() => setDialogEdit(item)} label={`Edit ${nameOf(item)}`} variant="secondary">
                  Edit
                </StepLink>
                <StepLink to={stepHref("delete", item.id)} onOpen={() => setDialogDelete(item)} label={`Delete ${nameOf(item)}`} variant="danger-outline">
                  Delete
                </StepLink>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} searchParams={searchParams} label={`${noun} list pages`} />

      <Dialog open={Boolean(shownEdit)} onClose={closeEdit} title={`Edit ${noun}`}>
        {shownEdit ? (
          <Fragment key={shownEdit.id}>
            {editForm(shownEdit, {
              id: `edit-${slug}-dialog-${shownEdit.id}`,
              action: path,
              lastResult: failedUpdate?.id === shownEdit.id ? failedUpdate.result : undefined,
              onCancel: closeEdit,
            })}
          </Fragment>
        ) : null}
      </Dialog>
      <Dialog open={Boolean(dialogDelete)} onClose={closeDelete} title={`Delete ${noun}`}>
        {dialogDelete ? (
          <DeleteConfirmation
            question={deleteQuestion}
            action={path}
            fields={{ intent: "delete", [idName]: dialogDelete.id }}
            cancel={
              <button type="button" onClick={closeDelete} className={buttonClass("secondary")}>
                Cancel
              </button>
            }
          />
        ) : null}
      </Dialog>
    </>
  );
}

/** A row's Edit or Delete: the step's URL without JavaScript, its dialog with it. */
function StepLink({ to, onOpen, label, variant, children }: { to: string; onOpen: () => void; label: string; variant: "secondary" | "danger-outline"; children: ReactNode }) {
  return (
    <AppLink
      to={to}
      onClick={(event) => {
        event.preventDefault();
        onOpen();
      }}
      aria-label={label}
      className={buttonClass(variant, "sm")}
    >
      {children}
    </AppLink>
  );
}
