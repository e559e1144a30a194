import type { MetaFunction } from "@remix-run/node";
import { EmptyState, PageHeader } from "~/components/ui/page";
import { requireMemberLoader } from "~/utils/member-page.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta("AI Music Artists", matches);

export const loader = requireMemberLoader;

export default function Page() {
  return (
    <>
      <PageHeader title="AI Music Artists" />
      <EmptyState title="Coming soon" message="The artists showcase is being built: soon you will discover, rate and comment on AI music artists here." />
    </>
  );
}
