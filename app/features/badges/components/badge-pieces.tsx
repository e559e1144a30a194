/**
 * Badge UI pieces shared by the dashboard, /badges, /profile and public profiles, and the points
 * leaderboard (TopContributorList, re-exported by members/components/top-contributors): kept in
 * this module so the dashboard loads one chunk for both (each extra chunk costs ~0.3 KB gzipped).
 */
import type { ReactNode } from "react";
import { AppLink } from "~/components/ui/app-link";
import { routes } from "~/utils/routes";
import { formatShortDate } from "~/utils/short-date";
import { countLabel } from "~/utils/plural";

export type BadgeView = {
  badgeId: number;
  name: string;
  type: string;
  iconClass: string;
  colorClass: string;
  criteriaDescription: string;
  pointsRequired: number;
  progress: number;
  percent: number;
  isCompleted: boolean;
  earnedAt: Date | string | null;
};

export const PLATINUM_CLASS = "bg-gradient-to-br from-slate-100 via-white to-slate-300 ring-2 ring-slate-400";

type BadgeLook = Pick<BadgeView, "iconClass" | "colorClass" | "type">;
type BadgeIconSize = "sm" | "md" | "lg";

/** The badge's icon in a round chip of its colour; the mastery badge gets the platinum look. */
export function BadgeIcon({ badge, size = "md" }: { badge: BadgeLook; size?: BadgeIconSize }) {
  const dimension = size === "lg" ? "h-14 w-14 text-3xl" : size === "sm" ? "h-8 w-8 text-base" : "h-11 w-11 text-2xl";
  const look = badge.type === "quads_master" ? PLATINUM_CLASS : badge.colorClass;
  return (
    <span aria-hidden="true" className={`grid shrink-0 place-items-center rounded-full ${dimension} ${look}`}>
      {badge.iconClass}
    </span>
  );
}

/** A badge's icon beside what is said about it: a row of the dashboard's Badge Progress and a card of the badge guide. */
export function BadgeRow({ badge, size, className, testId, children }: { badge: BadgeLook; size: BadgeIconSize; className: string; testId: string; children: ReactNode }) {
  return (
    <li className={className} data-testid={testId}>
      <BadgeIcon badge={badge} size={size} />
      <div className="min-w-0 flex-1 space-y-1">{children}</div>
    </li>
  );
}

/** A labelled progress bar: the native <progress> (its value reaches screen readers). */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <progress
      value={percent}
      max={100}
      aria-label={label}
      className="block h-2 w-full appearance-none overflow-hidden rounded-full bg-slate-200 [&::-moz-progress-bar]:rounded-full [&::-moz-progress-bar]:bg-indigo-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-indigo-600"
    >
      {`${percent}%`}
    </progress>
  );
}

// Formatters made once (toLocaleDateString builds a new one per call).
const monthYearFormat = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

export function formatMonthYear(value: Date | string | number): string {
  return monthYearFormat.format(new Date(value));
}

/** 'Nov 24, 2026' (UTC). */
export const formatDate = formatShortDate;

/** A small earned-badge tile (dashboard 'My Badges', profile). */
export function EarnedBadgeTile({ badge }: { badge: Pick<BadgeView, "name" | "type" | "iconClass" | "colorClass" | "earnedAt"> }) {
  return (
    <li className={`flex flex-col items-center gap-1 rounded-lg border p-3 text-center ${badge.type === "quads_master" ? "border-slate-400 bg-slate-50" : "border-slate-200"}`}>
      <BadgeIcon badge={badge} />
      <span className="text-sm font-semibold text-slate-900">{badge.name}</span>
      {badge.earnedAt ? <span className="text-xs text-slate-500">{formatDate(badge.earnedAt)}</span> : null}
    </li>
  );
}

export function ViewAllBadgesLink() {
  return (
    <AppLink to={routes.badges} className="text-sm font-semibold text-indigo-700 hover:underline">
      View All Badges
    </AppLink>
  );
}

const rankStyles = [
  { ring: "bg-yellow-400 text-yellow-950", label: "1st" },
  { ring: "bg-slate-300 text-slate-900", label: "2nd" },
  { ring: "bg-amber-600 text-white", label: "3rd" },
];

export type ContributorView = { id: string; displayName: string; points: number; label: string };

/** Top contributors, ranked, with gold / silver / bronze rank colours. */
export function TopContributorList({ contributors, showLabel = false }: { contributors: ContributorView[]; showLabel?: boolean }) {
  if (contributors.length === 0) return <p className="text-sm text-slate-600">No contributors yet: take part to reach the top!</p>;
  return (
    <ol className="space-y-2">
      {contributors.map((contributor, index) => {
        const rank = rankStyles[index] ?? { ring: "bg-indigo-100 text-indigo-800", label: `${index + 1}th` };
        return (
          <li key={contributor.id} className="flex items-center gap-3 rounded-lg border border-slate-100 p-2" data-testid="top-contributor">
            <span className={`grid h-8 w-8 shrink-0 place-items-center rounded-full text-sm font-bold ${rank.ring}`}>
              <span className="sr-only">Rank </span>
              {index + 1}
            </span>
            <div className="min-w-0 flex-1">
              <AppLink to={routes.member(contributor.id)} className="block truncate font-semibold text-slate-900 hover:underline">
                {contributor.displayName}
              </AppLink>
              {showLabel ? <p className="text-xs capitalize text-slate-600">{contributor.label}</p> : null}
            </div>
            <span className="shrink-0 text-sm font-semibold text-indigo-700">{countLabel(contributor.points, "point")}</span>
          </li>
        );
      })}
    </ol>
  );
}
