import { AppLink } from "~/components/ui/app-link";
import { BadgeRow, EarnedBadgeTile, ProgressBar, ViewAllBadgesLink } from "~/features/badges/components/badge-pieces";
import { TopContributorList } from "~/features/members/components/top-contributors";
import { RecentDiscussionsCard } from "~/features/discussions/components/recent-discussions-card";
import { FeaturedArtistsCard } from "~/features/artists/components/featured-artists-card";
import { NextMeetingCard } from "~/features/meetings/components/next-meeting-card";
import { SupportBox } from "~/features/settings/components/support-box";
import type { PublicSettings } from "~/features/settings";
import { routes } from "~/utils/routes";
import type { Dashboard } from "../dashboard.server";
import { countLabel } from "~/utils/plural";

/**
 * The signed-in dashboard (route `/`). Its own browser chunk, like the visitors' landing page:
 * visitors never load it (docs/performance.md, "Page weight").
 */

/** The right column's cards (the markup of ui/page's Card, without loading that module here). */
const card = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";

export function DashboardPage({ dashboard, supportLinks }: { dashboard: Dashboard; supportLinks: PublicSettings["supportLinks"] }) {
  const { badges } = dashboard;
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
                  {`${countLabel(badges.earnedCount, "badge")} earned`}
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
        {/* Left column, in the order of docs/members.md. */}
        <div className="space-y-6 lg:col-span-2" data-testid="dashboard-left-column">
          <NextMeetingCard meeting={dashboard.nextMeeting.meeting} timeZone={dashboard.nextMeeting.timeZone} />
          <RecentDiscussionsCard posts={dashboard.recentDiscussions} />
          <FeaturedArtistsCard data={dashboard.featuredArtists} />
        </div>

        {/* Right column, in the order of docs/members.md: Badge Progress, My Badges, Top Contributors, support box. */}
        <div className="space-y-6">
          <section className={card}>
            <h2 className="text-lg font-semibold">Badge Progress</h2>
            {badges.state === "progress" ? (
              <ul className="mt-3 space-y-4">
                {badges.inProgress.map((badge) => (
                  <BadgeRow key={badge.badgeId} badge={badge} size="sm" className="flex gap-3" testId="badge-progress-item">
                    <div className="flex items-baseline justify-between gap-2">
                      <span className="font-semibold text-slate-900">{badge.name}</span>
                      <span className="text-sm text-slate-600">{badge.percent}%</span>
                    </div>
                    <ProgressBar percent={badge.percent} label={`${badge.name} progress`} />
                    <p className="text-xs text-slate-600">{badge.criteriaDescription}</p>
                  </BadgeRow>
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
              <AppLink to={routes.members} className="text-sm font-semibold text-indigo-700 hover:underline">
                View All
              </AppLink>
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
