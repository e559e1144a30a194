import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { Card, PageHeader } from "~/components/ui/page";
import { getBadgeGuide } from "~/features/badges/index.server";
import { BadgeRow } from "~/features/badges/components/badge-pieces";
import { contributionKinds, contributionRules, TOP_CONTRIBUTOR_POINTS } from "~/features/gamification";
import { requireUser } from "~/features/auth/index.server";
import { pageMeta } from "~/utils/meta";
import { routes } from "~/utils/routes";
import { countLabel } from "~/utils/plural";
import { buttonClass } from "~/components/ui/button";

export const meta: MetaFunction = ({ matches }) => pageMeta("How to Earn Badges", matches, "Every badge of the community and how to earn it.");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return {
    categories: await getBadgeGuide(),
    points: contributionKinds.map((kind) => ({ kind, label: contributionRules[kind].label, points: contributionRules[kind].points })),
  };
}

const tips = [
  "Introduce yourself in a discussion and reply to newcomers: replies count towards Discusser and, on other members' posts, Community Helper.",
  "Join the weekly live meeting: every meeting you attend counts towards Meeting Regular.",
  "Share what you learn: posts and shared resources count towards Sharer, resources towards Resource Guru.",
  "Rate and comment on the AI music artists to become a Music Lover.",
  "Write posts worth liking: likes from other members count towards AI Innovator.",
  `Points add up everywhere: reach 500 for Quads Master, and more than ${TOP_CONTRIBUTOR_POINTS} marks you as a Top Contributor.`,
];

/** A valid id (no spaces) for a category's heading, e.g. "category-getting-started". */
function categoryHeadingId(name: string): string {
  return `category-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}`;
}

export default function BadgeGuidePage() {
  const { categories, points } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader
        title="How to Earn Badges"
        description="Badges celebrate the ways you take part. Here is every badge, grouped by category, and exactly what counts."
        link={{ to: routes.badges, label: "My Badges", variant: "outline" }}
      />
      {categories.map((category) => (
        <section key={category.name} aria-labelledby={categoryHeadingId(category.name)} className="space-y-3">
          <h2 id={categoryHeadingId(category.name)} className="text-lg font-semibold text-slate-900">
            {category.name}
          </h2>
          <ul className="grid gap-4 md:grid-cols-2">
            {category.badges.map((badge) => (
              <BadgeRow key={badge.id} badge={badge} size="lg" className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" testId="guide-badge">
                <h3 className="font-semibold text-slate-900">
                  {badge.name} <span className="text-sm font-normal text-slate-500">· {badge.type === "quads_master" ? countLabel(badge.pointsRequired, "point") : `target ${badge.pointsRequired}`}</span>
                </h3>
                <p className="text-sm font-medium text-slate-800">{badge.criteriaDescription}</p>
                <p className="text-sm text-slate-600">{badge.howItCounts}</p>
              </BadgeRow>
            ))}
          </ul>
        </section>
      ))}

      <Card>
        <h2 className="text-lg font-semibold">Points for taking part</h2>
        <p className="mt-1 text-sm text-slate-600">
          Points are added when you take part and taken back if you undo it (an unlike, a deleted post). Earned badges are yours to keep.
        </p>
        <table className="mt-3 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 font-medium">
                Contribution
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Points
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((row) => (
              <tr key={row.kind} className="border-b border-slate-100">
                <td className="py-2">{row.label}</td>
                <td className="py-2 text-right font-semibold">{row.points}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      <Card>
        <h2 className="text-lg font-semibold">Tips</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap gap-3">
          <AppLink to={routes.discussions} className={buttonClass()}>
            Join Discussions
          </AppLink>
          <AppLink to={routes.meetings} className={buttonClass("outline")}>
            Attend Meetings
          </AppLink>
        </div>
      </Card>
    </div>
  );
}
