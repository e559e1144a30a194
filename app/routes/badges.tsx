import type { ReactNode } from "react";
import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { PageHeader } from "~/components/ui/page";
import { getBadgeOverview } from "~/features/badges/index.server";
import { BadgeIcon, formatDate, PLATINUM_CLASS, ProgressBar } from "~/features/badges/components/badge-pieces";
import { StatCard } from "~/features/members/components/member-pieces";
import { requireUser } from "~/features/auth/index.server";
import { pageMeta } from "~/utils/meta";
import { routes } from "~/utils/routes";
import { countLabel } from "~/utils/plural";

export const meta: MetaFunction = ({ matches }) => pageMeta("My Badges & Progress", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return await getBadgeOverview(user.id);
}

type CardBadge = { name: string; type: string; iconClass: string; colorClass: string; description: string; criteriaDescription: string };

function BadgeCard({ badge, children, state }: { badge: CardBadge; children?: ReactNode; state: "earned" | "progress" | "locked" }) {
  const isMastery = badge.type === "quads_master";
  // The card and its tone per state are short classes in app/tailwind.css ("badge-card"): ten of them on the page.
  return (
    <li className={`badge-card ${isMastery ? PLATINUM_CLASS : `badge-card-${state}`}`} data-testid={`badge-${state}`} data-badge-type={badge.type}>
      <div className={state === "locked" ? "opacity-50 grayscale" : undefined}>
        <BadgeIcon badge={badge} size="lg" />
      </div>
      <div className="min-w-0 flex-1 space-y-1">
        <h3 className="font-semibold text-slate-900">
          {badge.name}
          {isMastery ? <span className="ml-2 rounded-full bg-slate-800 px-2 py-0.5 align-middle text-xs font-semibold text-white">Platinum</span> : null}
        </h3>
        <p className="text-sm text-slate-700">{badge.description}</p>
        <p className="text-xs text-slate-500">{badge.criteriaDescription}</p>
        {children}
      </div>
    </li>
  );
}

/** One group of badges: its heading with the count, the cards, or what to say when it is empty. */
function BadgeSection<Badge>({ id, title, badges, empty, children }: { id: string; title: string; badges: Badge[]; empty: string; children: (badge: Badge) => ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold">
        {title} ({badges.length})
      </h2>
      {badges.length > 0 ? <ul className="grid gap-4 md:grid-cols-2">{badges.map(children)}</ul> : <p className="text-sm text-slate-600">{empty}</p>}
    </section>
  );
}

export default function BadgesPage() {
  const overview = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader
        title="My Badges & Progress"
        description="Every badge you have earned, the ones you are working on, and the ones still to unlock."
        link={{ to: routes.badgeGuide, label: "How to earn badges", variant: "outline" }}
      />
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="overall-heading">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id="overall-heading" className="text-lg font-semibold">
            Overall Progress
          </h2>
          <span className="text-2xl font-bold text-indigo-700" data-testid="overall-percent">
            {overview.overallPercent}%
          </span>
        </div>
        <div className="mt-2">
          <ProgressBar percent={overview.overallPercent} label="Overall badge progress" />
        </div>
        <p className="mt-2 text-sm text-slate-600">
          {`${overview.stats.earned} of ${countLabel(overview.stats.total, "badge")} earned.`}
        </p>
      </section>
      <section aria-label="Badge stats" className="grid grid-cols-2 gap-4 md:grid-cols-4">
        <StatCard label="Earned" value={overview.stats.earned} icon="🏅" />
        <StatCard label="In Progress" value={overview.stats.inProgress} icon="⏳" />
        <StatCard label="Locked" value={overview.stats.locked} icon="🔒" />
        <StatCard label="Total" value={overview.stats.total} icon="🎯" />
      </section>

      <BadgeSection id="earned-heading" title="Earned Badges" badges={overview.earned} empty="No badges earned yet.">
        {(badge) => (
          <BadgeCard key={badge.badgeId} badge={badge} state="earned">
            <p className="text-xs font-semibold text-green-700">✓ Earned{badge.earnedAt ? ` on ${formatDate(badge.earnedAt)}` : ""}</p>
          </BadgeCard>
        )}
      </BadgeSection>

      <BadgeSection id="progress-heading" title="In Progress" badges={overview.inProgress} empty="Nothing in progress: take part to start a new badge.">
        {(badge) => (
          <BadgeCard key={badge.badgeId} badge={badge} state="progress">
            <div className="flex items-center justify-between text-xs text-slate-600">
              <span>
                {badge.progress} / {Math.max(1, badge.pointsRequired)}
              </span>
              <span>{badge.percent}%</span>
            </div>
            <ProgressBar percent={badge.percent} label={`${badge.name} progress`} />
          </BadgeCard>
        )}
      </BadgeSection>

      <BadgeSection id="available-heading" title="Available Badges" badges={overview.available} empty="You have unlocked every badge.">
        {(badge) => (
          <BadgeCard key={badge.id} badge={badge} state="locked">
            <p className="text-xs font-semibold text-slate-500">🔒 Locked</p>
          </BadgeCard>
        )}
      </BadgeSection>
    </div>
  );
}
