import type { MetaFunction } from "@remix-run/node";
import { EmptyState, PageHeader } from "~/components/ui/page";
import { requireMemberLoader } from "~/utils/member-page.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta("Weekly Meetings", matches);

export const loader = requireMemberLoader;

export default function Page() {
  return (
    <>
      <PageHeader title="Weekly Meetings" />
      <EmptyState title="Coming soon" message="The meetings schedule is being built: soon you will see the next meeting, register and watch replays here." />
    </>
  );
}
