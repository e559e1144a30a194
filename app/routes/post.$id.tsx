import type { MetaFunction } from "@remix-run/node";
import { EmptyState, PageHeader } from "~/components/ui/page";
import { requireMemberLoader } from "~/utils/member-page.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta("Discussion", matches);

export const loader = requireMemberLoader;

export default function Page() {
  return (
    <>
      <PageHeader title="Discussion" />
      <EmptyState title="Coming soon" message="Post pages are being built: soon you will read a discussion and its replies here." />
    </>
  );
}
