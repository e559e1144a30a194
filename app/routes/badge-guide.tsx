import type { MetaFunction } from "@remix-run/node";
import { EmptyState, PageHeader } from "~/components/ui/page";
import { requireMemberLoader } from "~/utils/member-page.server";

export const meta: MetaFunction = () => [{ title: "How to Earn Badges · Quads" }];

export const loader = requireMemberLoader;

export default function Page() {
  return (
    <>
      <PageHeader title="How to Earn Badges" />
      <EmptyState title="Coming soon" message="The badge guide is being built: soon it will explain how each badge is earned." />
    </>
  );
}
