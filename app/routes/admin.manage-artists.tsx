import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useCallback, useState } from "react";
import { Card, EmptyState } from "~/components/ui/page";
import { deleteArtist, getArtist, listArtists, type ArtistView } from "~/features/artists/artists.server";
import { ArtistAvatar, formatPlays } from "~/features/artists/components/artist-card";
import { ArtistForm } from "~/features/artists/components/artist-form";
import { Pagination } from "~/components/ui/pagination";
import { submitArtistForm } from "~/features/artists/form.server";
import { DeleteConfirmation, ModalDialog, useCloseAfterSubmit } from "~/features/resources/components/modal-dialog";
import { requirePagePermission } from "~/utils/auth.server";
import { isAppError } from "~/utils/errors.server";
import { routes } from "~/utils/routes";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData, readPageParam } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { errorToast } from "~/utils/toast";
import { dispatchIntent, formFailure, formResult } from "~/utils/page-action.server";

export const meta: MetaFunction = ({ matches }) => pageMeta("Manage Artists · Admin Panel", matches);

const path = routes.adminTab("manage-artists");
const DELETE_QUESTION = "Are you sure you want to delete this artist? This action cannot be undone.";

function findOptional(id: string | null): ArtistView | null {
  const numeric = Number(id);
  if (!id || !Number.isSafeInteger(numeric)) return null;
  try {
    return getArtist(numeric);
  } catch {
    return null;
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePagePermission(request, "artists:manage");
  const searchParams = new URL(request.url).searchParams;
  const list = listArtists({ page: readPageParam(searchParams) }, { pageSize: 25 });
  return {
    ...list,
    // Without JavaScript, Edit and Delete are steps on this page (?edit=ID, ?delete=ID).
    editing: findOptional(searchParams.get("edit")),
    deleting: findOptional(searchParams.get("delete")),
  };
}


export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePagePermission(request, "artists:manage");
  const formData = await readFormData(request);
  const artistId = Number(formData.get("artistId"));
  return dispatchIntent(formData, {
    delete: () => {
      try {
        deleteArtist({ actor: user, id: artistId });
        return redirectWithToast(path, { title: "Success", description: "Artist deleted successfully" });
      } catch (error) {
        if (!isAppError(error)) throw error;
        return formFailure({ intent: "delete", result: formResult({}, { "": [error.message] }), toast: errorToast("Failed to delete artist") }, { status: error.status });
      }
    },
    update: () => {
      const outcome = submitArtistForm({ formData, actor: user, artistId });
      if (outcome.ok) return redirectWithToast(path, { title: "Success", description: "Artist updated successfully" });
      return formFailure({ intent: "update", formId: String(artistId), result: outcome.result, toast: errorToast("Failed to update artist") }, { status: outcome.status });
    },
  });
}

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

export default function ManageArtistsTab() {
  const { items, total, page, pageCount, editing, deleting } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const failedEdit = actionData?.intent === "update" ? (items.find((item) => String(item.id) === actionData.formId) ?? editing) : null;
  const [dialogEdit, setDialogEdit] = useState<ArtistView | null>(null);
  const [dialogDelete, setDialogDelete] = useState<ArtistView | null>(null);
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
      <h2 className="mb-4 text-xl font-semibold text-slate-900">Manage Artists ({total})</h2>

      {editing ? (
        <Card className="mb-6 max-w-2xl">
          <h3 className="mb-4 text-lg font-semibold text-slate-900">Edit Artist</h3>
          <ArtistForm
            id={`edit-artist-${editing.id}`}
            action={`${path}?edit=${editing.id}`}
            intent="update"
            artistId={editing.id}
            lastResult={actionData?.intent === "update" ? actionData.result : undefined}
            defaultValue={editing}
            submitLabel="Update Artist"
            pendingLabel="Updating..."
          />
          <Link to={path} className="mt-2 inline-block text-sm text-slate-600 hover:underline">
            Cancel
          </Link>
        </Card>
      ) : null}

      {deleting ? (
        <Card className="mb-6 max-w-2xl">
          <h3 className="mb-2 text-lg font-semibold text-slate-900">Delete “{deleting.name}”?</h3>
          <DeleteConfirmation question={DELETE_QUESTION} action={`${path}?delete=${deleting.id}`} idName="artistId" id={deleting.id} cancelHref={path} />
        </Card>
      ) : null}

      {items.length === 0 ? (
        <EmptyState title="No artists yet" message="Artists you add appear here, newest first." />
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
          {items.map((artist) => (
            <li key={artist.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="admin-artist-row">
              <div className="flex min-w-0 items-center gap-3">
                <ArtistAvatar name={artist.name} avatarUrl={artist.avatarUrl} size="h-10 w-10" />
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {artist.name}{" "}
                    {artist.featured ? <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">Featured</span> : null}
                  </p>
                  <p className="text-xs text-slate-600">
                    {artist.genre ?? "No genre"} · {formatPlays(artist.playCount)} · Added {dateFormat.format(new Date(artist.createdAt))}
                  </p>
                </div>
              </div>
              <div className="flex gap-2">
                <Link
                  to={stepHref("edit", artist.id)}
                  onClick={(event) => {
                    event.preventDefault();
                    setDialogEdit(artist);
                  }}
                  aria-label={`Edit ${artist.name}`}
                  className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
                >
                  Edit
                </Link>
                <Link
                  to={stepHref("delete", artist.id)}
                  onClick={(event) => {
                    event.preventDefault();
                    setDialogDelete(artist);
                  }}
                  aria-label={`Delete ${artist.name}`}
                  className="rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
                >
                  Delete
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} searchParams={searchParams} label="Artist list pages" />

      <ModalDialog isOpen={Boolean(shownEdit)} onClose={closeEdit} title="Edit Artist">
        {shownEdit ? (
          <ArtistForm
            key={shownEdit.id}
            id={`edit-artist-dialog-${shownEdit.id}`}
            action={path}
            intent="update"
            artistId={shownEdit.id}
            lastResult={actionData?.intent === "update" && actionData.formId === String(shownEdit.id) ? actionData.result : undefined}
            defaultValue={shownEdit}
            submitLabel="Update Artist"
            pendingLabel="Updating..."
            onCancel={closeEdit}
          />
        ) : null}
      </ModalDialog>
      <ModalDialog isOpen={Boolean(dialogDelete)} onClose={closeDelete} title="Delete Artist">
        {dialogDelete ? <DeleteConfirmation question={DELETE_QUESTION} action={path} idName="artistId" id={dialogDelete.id} onCancel={closeDelete} /> : null}
      </ModalDialog>
    </>
  );
}
