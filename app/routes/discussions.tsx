import type { MetaFunction } from "@remix-run/node";
import { EmptyState, PageHeader } from "~/components/ui/page";
import { requireMemberLoader } from "~/utils/member-page.server";

export const meta: MetaFunction = () => [{ title: "Community Discussions · Quads" }];

export const loader = requireMemberLoader;

export default function Page() {
  return (
    <>
      <PageHeader title="Community Discussions" />
      <EmptyState title="Coming soon" message="Discussions are being built: soon you will start threads, reply and like posts here." />
    </>
  );
}
