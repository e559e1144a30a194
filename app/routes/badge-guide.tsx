import type { MetaFunction } from "@remix-run/node";
import { EmptyState, PageHeader } from "~/components/ui/page";
import { requireMemberLoader } from "~/utils/member-page.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta("How to Earn Badges", matches);

export const loader = requireMemberLoader;

export default function Page() {
  return (
    <>
      <PageHeader title="How to Earn Badges" />
      <EmptyState title="Coming soon" message="The badge guide is being built: soon it will explain how each badge is earned." />
    </>
  );
}
