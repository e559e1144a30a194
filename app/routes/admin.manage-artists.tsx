import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { lazy } from "react";
import { ManageList } from "~/features/admin/components/manage-list";
import { addedOn } from "~/features/admin";
import { loadManageList, submitManageList } from "~/features/admin/index.server";
import { deleteArtist, getArtist, listArtists, submitArtistForm } from "~/features/artists/index.server";
import { ArtistAvatar, formatPlays } from "~/features/artists/components/artist-shell";
import { ArtistForm as ServerArtistForm } from "~/features/artists/components/artist-form";
import { routes } from "~/utils/routes";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta("Manage Artists · Admin Panel", matches);

// Loaded when an edit dialog or step opens, in the browser; the server renders it directly
// (docs/decisions/0098-dialogs-load-their-forms-on-use.md).
const ArtistForm = import.meta.env.SSR
  ? ServerArtistForm
  : /* @__PURE__ */ lazy(() => import("~/features/artists/components/artist-form").then((module) => ({ default: module.ArtistForm })));

const tab = { permission: "artists:manage", path: routes.adminTab("manage-artists"), noun: "Artist", idName: "artistId" } as const;

export async function loader({ request, url }: LoaderFunctionArgs) {
  return loadManageList(request, url, { ...tab, list: (page) => listArtists({ page }, { pageSize: 25 }), find: getArtist });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitManageList(request, {
    ...tab,
    remove: deleteArtist,
    update: ({ formData, actor, id }) => submitArtistForm({ formData, actor, artistId: id }),
  });
}

export default function ManageArtistsTab() {
  const list = useLoaderData<typeof loader>();
  return (
    <ManageList
      {...list}
      {...tab}
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
              {artist.genre ?? "No genre"} · {formatPlays(artist.playCount)} · {addedOn(artist.createdAt)}
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
