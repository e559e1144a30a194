import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { Card } from "~/components/ui/page";
import { summarizeBadges, listMemberBadges } from "~/features/badges/badges.server";
import { LandingPage } from "~/features/landing/components/landing-page";
import { getOptionalUser } from "~/utils/auth.server";
import { displayNameOf } from "~/utils/display-name";
import { routes } from "~/utils/routes";
import type { loader as rootLoader } from "~/root";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) return { dashboard: null };
  const badges = summarizeBadges(listMemberBadges(user.id));
  return {
    dashboard: {
      name: displayNameOf(user),
      memberSince: user.joinedAt,
      points: user.points,
      latestBadge: badges.latest ? { name: badges.latest.name, iconClass: badges.latest.iconClass } : null,
      earnedCount: badges.earnedCount,
      nextBadge: badges.next ? { name: badges.next.name, percent: badges.next.percent, criteria: badges.next.criteriaDescription } : null,
    },
  };
}

export default function IndexPage() {
  const { dashboard } = useLoaderData<typeof loader>();
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  if (!dashboard) {
    return <LandingPage communityName={rootData?.communityName ?? "Quads"} socialLinks={rootData?.settings.socialLinks ?? []} />;
  }
  const memberSince = new Date(dashboard.memberSince).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  return (
    <div className="space-y-6">
      <section className="rounded-2xl bg-gradient-to-r from-indigo-600 to-violet-700 p-6 text-white shadow-sm" aria-labelledby="welcome-heading">
        <h1 id="welcome-heading" className="text-2xl font-bold sm:text-3xl">
          Welcome back, {dashboard.name}!
        </h1>
        <p className="mt-1 text-indigo-100">Member since {memberSince}</p>
        <div className="mt-4 grid gap-3 sm:grid-cols-3">
          <div className="rounded-lg bg-white/10 p-3">
            <p className="text-xs uppercase tracking-wide text-indigo-100">Latest badge</p>
            {dashboard.latestBadge ? (
              <p className="font-semibold">
                <span aria-hidden="true">{dashboard.latestBadge.iconClass}</span> {dashboard.latestBadge.name} · {dashboard.earnedCount} earned
              </p>
            ) : (
              <p className="font-semibold">
                New Member · <span className="font-normal">Getting Started</span>
              </p>
            )}
          </div>
          <div className="rounded-lg bg-white/10 p-3">
            <p className="text-xs uppercase tracking-wide text-indigo-100">Next badge</p>
            {dashboard.nextBadge ? (
              <p className="font-semibold">
                {dashboard.nextBadge.name}: {dashboard.nextBadge.percent}% complete
              </p>
            ) : (
              <p className="font-semibold">Ready for new challenges!</p>
            )}
          </div>
          <div className="rounded-lg bg-white/10 p-3">
            <p className="text-xs uppercase tracking-wide text-indigo-100">Points</p>
            <p className="font-semibold">{dashboard.points}</p>
          </div>
        </div>
      </section>
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <h2 className="text-lg font-semibold">Jump back in</h2>
          <ul className="mt-3 space-y-2 text-indigo-700">
            <li>
              <Link className="hover:underline" to={routes.discussions}>
                Community discussions
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to={routes.meetings}>
                Weekly meetings
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to={routes.badges}>
                My badges
              </Link>
            </li>
          </ul>
        </Card>
        <Card>
          <h2 className="text-lg font-semibold">Your community</h2>
          <p className="mt-2 text-slate-600">
            The dashboard cards (next meeting, recent discussions, featured artists, badge progress and top contributors) are being built
            and will appear here as each part of {rootData?.communityName ?? "Quads"} lands.
          </p>
        </Card>
      </div>
    </div>
  );
}
