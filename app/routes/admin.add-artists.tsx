import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { AddTab } from "~/features/admin/components/add-tab";
import { loadAddTab, submitAddTab } from "~/features/admin/index.server";
import { ArtistForm } from "~/features/artists/components/artist-form";
import { submitArtistForm } from "~/features/artists/index.server";
import { routes } from "~/utils/routes";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta("Add Artists · Admin Panel", matches);

const path = routes.adminTab("add-artists");

export async function loader({ request }: LoaderFunctionArgs) {
  return loadAddTab(request, "artists:manage");
}

export async function action({ request }: ActionFunctionArgs) {
  return submitAddTab(request, {
    permission: "artists:manage",
    path,
    create: submitArtistForm,
    success: "Music artist created successfully",
    failure: "Failed to create music artist",
  });
}

export default function AddArtistsTab() {
  const { formKey } = useLoaderData<typeof loader>();
  return <AddTab path={path} noun="Artist" formKey={formKey} actionData={useActionData<typeof action>()} form={(props) => <ArtistForm {...props} />} />;
}
