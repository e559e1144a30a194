import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, useLoaderData } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { spaced } from "~/components/ui/spaced";
import { FilterSearch, FilterSelect } from "~/components/ui/list-page";
import { EmptyState } from "~/components/ui/page";
import { useAutoSubmit } from "~/components/ui/use-auto-submit";
import { Pagination } from "~/components/ui/pagination";
import { leaderboardPeriods, parseLeaderboardPeriod, type LeaderboardPeriod } from "~/features/gamification";
import { MemberCard, StatCard, TopContributorList } from "~/features/members/components/member-pieces";
import { getCommunityStats, listMembers, listTopContributors } from "~/features/members/index.server";
import { requireUser } from "~/features/auth/index.server";
import { getEnv } from "~/utils/env.server";
import { pageMeta } from "~/utils/meta";
import { routes } from "~/utils/routes";
import { Button } from "~/components/ui/button";

export const meta: MetaFunction = ({ matches }) => pageMeta("Members", matches, "Meet the members of the community and its top contributors.");

export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const period = parseLeaderboardPeriod(url.searchParams.get("period"));
  const directory = await listMembers(Object.fromEntries(url.searchParams), { viewerIsAdmin: user.isAdmin });
  return {
    communityName: getEnv().COMMUNITY_NAME,
    stats: await getCommunityStats(),
    period,
    topContributors: await listTopContributors({ limit: 3, period }),
    directory,
  };
}

function searchFor(base: { q: string; skill: string; period: LeaderboardPeriod }, change: Partial<{ q: string; skill: string; period: LeaderboardPeriod; page: number }>) {
  const next = { ...base, ...change };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.skill !== "all") params.set("skill", next.skill);
  if (next.period !== "all") params.set("period", next.period);
  if (change.page && change.page > 1) params.set("page", String(change.page));
  const query = params.toString();
  return `${routes.members}${query ? `?${query}` : ""}`;
}

/** The skill levels a member can filter by (the values of the profile's skill level). */
const skillLevelLabels = { beginner: "Beginner", intermediate: "Intermediate", expert: "Expert" };

export default function MembersPage() {
  const { communityName, stats, period, topContributors, directory } = useLoaderData<typeof loader>();
  const { search } = directory;
  const base = { q: search.q, skill: search.skill, period };
  const autoSubmit = useAutoSubmit();
  const isFiltered = search.q !== "" || search.skill !== "all";

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{communityName} Members</h1>
        <p className="mt-1 text-slate-600">Find fellow members, see who is most active, and learn who is behind the community.</p>
      </div>

      <section aria-label="Community stats" className="grid grid-cols-2 gap-4 md:grid-cols-4">
        <StatCard label="Total Members" value={stats.totalMembers} icon="👥" />
        <StatCard label="Discussions" value={stats.totalPosts} icon="💬" />
        <StatCard label="Meetings" value={stats.totalMeetings} icon="📅" />
        <StatCard label="Active Contributors" value={stats.activeContributors} icon="⚡" />
      </section>

      <Form
        method="get"
        action={routes.members}
        role="search"
        aria-label="Member search"
        className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        onChange={(event) => autoSubmit(event.currentTarget)}
      >
        <FilterSearch id="member-search" label="Search members" defaultValue={search.q} placeholder="Search by first name or e-mail..." />
        <FilterSelect id="skill-filter" name="skill" label="Skill level" defaultValue={search.skill} allLabel="All" allValue="all" options={Object.entries(skillLevelLabels)} />
        {period !== "all" ? <input type="hidden" name="period" value={period} /> : null}
        <Button>
          Search
        </Button>
        {isFiltered ? (
          <AppLink to={searchFor(base, { q: "", skill: "all" })} className="px-2 py-2 text-sm font-semibold text-slate-600 hover:underline">
            Clear
          </AppLink>
        ) : null}
      </Form>

      <section aria-labelledby="top-contributors-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="top-contributors-heading" className="text-lg font-semibold">
            Top Contributors
          </h2>
          <nav aria-label="Leaderboard period" className="flex gap-1 rounded-lg bg-slate-100 p-1 text-sm">
            {spaced(
              (Object.keys(leaderboardPeriods) as LeaderboardPeriod[]).map((key) => (
                <AppLink
                  key={key}
                  to={searchFor(base, { period: key })}
                  preventScrollReset
                  aria-current={key === period ? "page" : undefined}
                  className={`rounded-md px-3 py-1 font-medium ${key === period ? "bg-white text-indigo-700 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
                >
                  {leaderboardPeriods[key].label}
                </AppLink>
              )),
            )}
          </nav>
        </div>
        <div className="mt-3">
          <TopContributorList contributors={topContributors} showLabel />
        </div>
      </section>

      <section aria-labelledby="all-members-heading" className="space-y-4">
        <h2 id="all-members-heading" className="text-lg font-semibold">
          All Members ({directory.total})
        </h2>
        {directory.members.length > 0 ? (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {directory.members.map((member) => (
              <MemberCard key={member.id} member={member} />
            ))}
          </ul>
        ) : (
          <EmptyState
            title="No members found"
            message={isFiltered ? "Try another name, e-mail or skill level." : "Nobody has joined yet."}
          />
        )}
        <Pagination
          pathname={routes.members}
          searchParams={new URLSearchParams(searchFor(base, {}).split("?")[1])}
          page={directory.page}
          pageCount={directory.pageCount}
          label="Pagination"
          layout="spread"
        />
      </section>
    </div>
  );
}
