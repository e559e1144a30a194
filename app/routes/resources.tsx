import type { MetaFunction } from "@remix-run/node";
import { EmptyState, PageHeader } from "~/components/ui/page";
import { requireMemberLoader } from "~/utils/member-page.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta("AI Resource Library", matches);

export const loader = requireMemberLoader;

export default function Page() {
  return (
    <>
      <PageHeader title="AI Resource Library" />
      <EmptyState title="Coming soon" message="The resource library is being built: soon you will browse and rate curated AI tools, courses and videos here." />
    </>
  );
}
