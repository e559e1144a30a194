import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/ui/page";
import { adminTabs } from "~/features/admin/tabs";
import { requirePagePermission } from "~/utils/auth.server";

/**
 * Admin tabs whose feature has not landed yet (meetings, resources, artists): an honest empty
 * state. A tab's own route module (e.g. admin.create-meetings.tsx) takes precedence over this one.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePagePermission(request, "admin:access");
  const tab = adminTabs.find((candidate) => candidate.slug === params.tab);
  if (!tab) throw new Response("Not Found", { status: 404 });
  return { label: tab.label };
}

export default function AdminTabPlaceholder() {
  const { label } = useLoaderData<typeof loader>();
  return (
    <>
      <h2 className="mb-4 text-xl font-semibold text-slate-900">{label}</h2>
      <EmptyState title="Not available yet" message={`The ${label} tools are being built and will appear here.`} />
    </>
  );
}
