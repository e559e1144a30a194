import type { MetaFunction } from "@remix-run/node";
import { EmptyState, PageHeader } from "~/components/ui/page";
import { requireMemberLoader } from "~/utils/member-page.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta("Notifications", matches);

export const loader = requireMemberLoader;

export default function Page() {
  return (
    <>
      <PageHeader title="Notifications" />
      <EmptyState title="Coming soon" message="Notifications are being built: replies and likes on your posts will appear here." />
    </>
  );
}
