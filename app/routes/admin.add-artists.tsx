import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Card } from "~/components/ui/page";
import { ArtistForm } from "~/features/artists/components/artist-form";
import { submitArtistForm } from "~/features/artists/form.server";
import { requirePagePermission } from "~/utils/auth.server";
import { routes } from "~/utils/routes";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { errorToast } from "~/utils/toast";

export const meta: MetaFunction = ({ matches }) => pageMeta("Add Artists · Admin Panel", matches);

const path = routes.adminTab("add-artists");

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePagePermission(request, "artists:manage");
  // A new key after every save, so the form starts empty again.
  return { formKey: Date.now() };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePagePermission(request, "artists:manage");
  const outcome = submitArtistForm({ formData: await readFormData(request), actor: user });
  if (outcome.ok) return redirectWithToast(path, { title: "Success", description: "Music artist created successfully" });
  const toast = errorToast("Failed to create music artist");
  return data({ result: outcome.result, toast }, { status: outcome.status });
}

export default function AddArtistsTab() {
  const { formKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <h2 className="mb-4 text-xl font-semibold text-slate-900">Add Artists</h2>
      <Card className="max-w-2xl">
        <ArtistForm
          key={actionData ? "retry" : formKey}
          id="admin-add-artist"
          action={path}
          intent="create"
          lastResult={actionData?.result}
          submitLabel="Add Artist"
          pendingLabel="Adding..."
        />
      </Card>
    </>
  );
}
