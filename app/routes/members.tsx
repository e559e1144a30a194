import type { MetaFunction } from "@remix-run/node";
import { EmptyState, PageHeader } from "~/components/ui/page";
import { requireMemberLoader } from "~/utils/member-page.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta("Members", matches);

export const loader = requireMemberLoader;

export default function Page() {
  return (
    <>
      <PageHeader title="Members" />
      <EmptyState title="Coming soon" message="The member directory is being built: soon you will find fellow members and top contributors here." />
    </>
  );
}
