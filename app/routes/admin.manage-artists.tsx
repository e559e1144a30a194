import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ManageList } from "~/features/admin/components/manage-list";
import { deleteArtist, getArtist, listArtists, type ArtistView } from "~/features/artists/artists.server";
import { ArtistAvatar, formatPlays } from "~/features/artists/components/artist-shell";
import { ArtistForm } from "~/features/artists/components/artist-form";
import { submitArtistForm } from "~/features/artists/form.server";
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
  const list = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ManageList
      {...list}
      path={path}
      noun="Artist"
      failedUpdate={actionData?.intent === "update" ? { id: actionData.formId ? Number(actionData.formId) : null, result: actionData.result } : null}
      idName="artistId"
      deleteQuestion={DELETE_QUESTION}
      empty={{ title: "No artists yet", message: "Artists you add appear here, newest first." }}
      rowTestId="admin-artist-row"
      nameOf={(artist) => artist.name}
      summary={(artist) => (
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
      )}
      editForm={(artist, props) => (
        <ArtistForm {...props} intent="update" artistId={artist.id} defaultValue={artist} submitLabel="Update Artist" pendingLabel="Updating..." />
      )}
    />
  );
}
