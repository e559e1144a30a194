import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { getDashboardBadges } from "~/features/badges/badges.server";
import { BadgeIcon, EarnedBadgeTile, formatMonthYear, ProgressBar, ViewAllBadgesLink } from "~/features/badges/components/badge-pieces";
import { TopContributorList } from "~/features/members/components/top-contributors";
import { listTopContributors } from "~/features/members/members.server";
import { RecentDiscussionsCard } from "~/features/discussions/components/recent-discussions-card";
import { loadRecentDiscussions } from "~/features/discussions/dashboard.server";
import { FeaturedArtistsCard } from "~/features/artists/components/featured-artists-card";
import { toCardView } from "~/features/artists/components/card-view";
import { loadFeaturedArtists } from "~/features/artists/dashboard.server";
import { NextMeetingCard } from "~/features/meetings/components/next-meeting-card";
import { loadNextMeetingCard } from "~/features/meetings/dashboard.server";
import { SupportBox } from "~/features/settings/components/support-box";
import { getOptionalUser } from "~/utils/auth.server";
import { displayNameOf } from "~/utils/display-name";
import { routes } from "~/utils/routes";
import type { loader as rootLoader } from "~/root";
import { LandingPage as ServerLandingPage } from "~/features/landing/components/landing-page";

/**
 * The visitors' landing page is a browser chunk of its own: members, who see the dashboard, never
 * load it. Visitors get it server-rendered as before; the browser fetches the chunk while hydrating
 * (the Suspense boundary keeps the server's HTML meanwhile). The server renders it directly: a
 * dynamic import there would split the server build into several files.
 */
const LandingPage = import.meta.env.SSR
  ? ServerLandingPage
  : lazy(() => import("~/features/landing/components/landing-page").then((module) => ({ default: module.LandingPage })));

/** The right column's cards (the markup of ui/page's Card, without loading that module here). */
const card = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) return { dashboard: null };
  const badges = getDashboardBadges(user.id);
  const featuredArtists = loadFeaturedArtists(user.id);
  return {
    dashboard: {
      name: displayNameOf(user),
      // Formatted here: the text is the same on the server and in the browser (UTC).
      memberSince: formatMonthYear(user.joinedAt),
      points: user.points,
      badges,
      topContributors: listTopContributors({ limit: 3 }),
      nextMeeting: await loadNextMeetingCard(request),
      recentDiscussions: loadRecentDiscussions(user.id).posts,
      featuredArtists: { viewer: featuredArtists.viewer, artists: featuredArtists.artists.map(toCardView) },
    },
  };
}

export default function IndexPage() {
  const { dashboard } = useLoaderData<typeof loader>();
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  if (!dashboard) {
    return (
      <Suspense fallback={null}>
        <LandingPage communityName={rootData?.communityName ?? "Quads"} socialLinks={rootData?.settings.socialLinks ?? []} />
      </Suspense>
    );
  }
  const { badges } = dashboard;
  const supportLinks = rootData?.settings.supportLinks ?? {};
  return (
    <div className="space-y-6">
      <section className="rounded-2xl bg-gradient-to-r from-indigo-600 to-violet-700 p-6 text-white shadow-sm" aria-labelledby="welcome-heading">
        <h1 id="welcome-heading" className="text-2xl font-bold sm:text-3xl">
          Welcome back, {dashboard.name}!
        </h1>
        <p className="mt-1 text-indigo-100">{`Member since ${dashboard.memberSince}`}</p>
        <div className="mt-4 grid gap-3 sm:grid-cols-3">
          <div className="rounded-lg bg-white/10 p-3" data-testid="welcome-latest-badge">
            <p className="text-xs uppercase tracking-wide text-indigo-100">Latest badge</p>
            {badges.latest ? (
              <p className="font-semibold">
                <span aria-hidden="true">{badges.latest.iconClass}</span> {badges.latest.name}
                <span className="block text-sm font-normal text-indigo-100">
                  {badges.earnedCount} {badges.earnedCount === 1 ? "badge" : "badges"} earned
                </span>
              </p>
            ) : (
              <p className="font-semibold">
                New Member
                <span className="block text-sm font-normal text-indigo-100">Getting Started</span>
              </p>
            )}
          </div>
          <div className="rounded-lg bg-white/10 p-3" data-testid="welcome-next-badge">
            <p className="text-xs uppercase tracking-wide text-indigo-100">Next badge</p>
            {badges.next ? (
              <>
                <p className="font-semibold">
                  {badges.next.name}: {badges.next.percent}% complete
                </p>
                <div className="mt-2 h-2 overflow-hidden rounded-full bg-white/20">
                  <div className="h-full rounded-full bg-white" style={{ width: `${badges.next.percent}%` }} />
                </div>
              </>
            ) : (
              <p className="font-semibold">Ready for new challenges!</p>
            )}
          </div>
          <div className="rounded-lg bg-white/10 p-3">
            <p className="text-xs uppercase tracking-wide text-indigo-100">Points</p>
            <p className="font-semibold" data-testid="welcome-points">
              {dashboard.points}
            </p>
          </div>
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        {/* Left column, in SPEC order. */}
        <div className="space-y-6 lg:col-span-2" data-testid="dashboard-left-column">
          <NextMeetingCard meeting={dashboard.nextMeeting.meeting} timeZone={dashboard.nextMeeting.timeZone} />
          <RecentDiscussionsCard posts={dashboard.recentDiscussions} />
          <FeaturedArtistsCard data={dashboard.featuredArtists} />
        </div>

        {/* Right column, in SPEC order: Badge Progress, My Badges, Top Contributors, support box. */}
        <div className="space-y-6">
          <section className={card}>
            <h2 className="text-lg font-semibold">Badge Progress</h2>
            {badges.state === "progress" ? (
              <ul className="mt-3 space-y-4">
                {badges.inProgress.map((badge) => (
                  <li key={badge.badgeId} className="flex gap-3" data-testid="badge-progress-item">
                    <BadgeIcon iconClass={badge.iconClass} colorClass={badge.colorClass} type={badge.type} size="sm" />
                    <div className="min-w-0 flex-1 space-y-1">
                      <div className="flex items-baseline justify-between gap-2">
                        <span className="font-semibold text-slate-900">{badge.name}</span>
                        <span className="text-sm text-slate-600">{badge.percent}%</span>
                      </div>
                      <ProgressBar percent={badge.percent} label={`${badge.name} progress`} />
                      <p className="text-xs text-slate-600">{badge.criteriaDescription}</p>
                    </div>
                  </li>
                ))}
              </ul>
            ) : badges.state === "master" ? (
              <div className="mt-3 text-center">
                <p className="text-2xl" aria-hidden="true">
                  🏆
                </p>
                <p className="font-semibold text-slate-900">Badge Master!</p>
                <p className="text-sm text-slate-600">{badges.overallPercent}% of all badges earned</p>
              </div>
            ) : (
              <p className="mt-3 text-sm text-slate-600">Start participating to earn badges!</p>
            )}
          </section>

          <section className={card}>
            <div className="flex items-baseline justify-between gap-2">
              <h2 className="text-lg font-semibold">My Badges</h2>
              <ViewAllBadgesLink />
            </div>
            {badges.earned.length > 0 ? (
              <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-2 xl:grid-cols-3">
                {badges.earned.map((badge) => (
                  <EarnedBadgeTile key={badge.badgeId} badge={badge} />
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-sm text-slate-600">No badges earned yet.</p>
            )}
          </section>

          <section className={card}>
            <div className="flex items-baseline justify-between gap-2">
              <h2 className="text-lg font-semibold">Top Contributors</h2>
              <Link to={routes.members} className="text-sm font-semibold text-indigo-700 hover:underline">
                View All
              </Link>
            </div>
            <div className="mt-3">
              <TopContributorList contributors={dashboard.topContributors} />
            </div>
          </section>

          <SupportBox supportLinks={supportLinks} />
        </div>
      </div>
    </div>
  );
}
