import type { MetaFunction } from "@remix-run/node";
import { EmptyState, PageHeader } from "~/components/ui/page";
import { requireMemberLoader } from "~/utils/member-page.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta("My Badges & Progress", matches);

export const loader = requireMemberLoader;

export default function Page() {
  return (
    <>
      <PageHeader title="My Badges & Progress" />
      <EmptyState title="Coming soon" message="Your badge overview is being built: soon you will see every badge you have earned and your progress here." />
    </>
  );
}
