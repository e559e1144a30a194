/** Badge UI pieces shared by the dashboard, /badges, /profile and public profiles. */
import { Link } from "@remix-run/react";
import { routes } from "~/utils/routes";

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

/** The badge's icon in a round chip of its colour; the mastery badge gets the platinum look. */
export function BadgeIcon({ iconClass, colorClass, type, size = "md" }: { iconClass: string; colorClass: string; type: string; size?: "sm" | "md" | "lg" }) {
  const dimension = size === "lg" ? "h-14 w-14 text-3xl" : size === "sm" ? "h-8 w-8 text-base" : "h-11 w-11 text-2xl";
  const look = type === "quads_master" ? PLATINUM_CLASS : colorClass;
  return (
    <span aria-hidden="true" className={`grid shrink-0 place-items-center rounded-full ${dimension} ${look}`}>
      {iconClass}
    </span>
  );
}

/** A labelled progress bar (a real <progress>-like element with its value for screen readers). */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div className="h-full rounded-full bg-indigo-600" style={{ width: `${percent}%` }} />
    </div>
  );
}

// Formatters made once (toLocaleDateString builds a new one per call).
const monthYearFormat = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

export function formatMonthYear(value: Date | string | number): string {
  return monthYearFormat.format(new Date(value));
}

export function formatDate(value: Date | string | number): string {
  return dateFormat.format(new Date(value));
}

/** A small earned-badge tile (dashboard 'My Badges', profile). */
export function EarnedBadgeTile({ badge }: { badge: Pick<BadgeView, "name" | "type" | "iconClass" | "colorClass" | "earnedAt"> }) {
  return (
    <li className={`flex flex-col items-center gap-1 rounded-lg border p-3 text-center ${badge.type === "quads_master" ? "border-slate-400 bg-slate-50" : "border-slate-200"}`}>
      <BadgeIcon iconClass={badge.iconClass} colorClass={badge.colorClass} type={badge.type} />
      <span className="text-sm font-semibold text-slate-900">{badge.name}</span>
      {badge.earnedAt ? <span className="text-xs text-slate-500">{formatDate(badge.earnedAt)}</span> : null}
    </li>
  );
}

/**
 * Badge chips on a member: the first 3, then a '+N' expander that reads 'Show Less' when open.
 * A <details> element, so it works without JavaScript.
 */
export function BadgeChips({ badges }: { badges: Pick<BadgeView, "badgeId" | "name" | "type" | "iconClass" | "colorClass">[] }) {
  if (badges.length === 0) return null;
  const chip = (badge: (typeof badges)[number]) => (
    <li key={badge.badgeId} className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ${badge.type === "quads_master" ? PLATINUM_CLASS : badge.colorClass}`}>
      <span aria-hidden="true">{badge.iconClass}</span>
      {badge.name}
    </li>
  );
  const rest = badges.slice(3);
  return (
    <div className="flex flex-wrap items-start gap-1.5" data-testid="badge-chips">
      <ul className="flex flex-wrap gap-1.5" aria-label="Badges">
        {badges.slice(0, 3).map(chip)}
      </ul>
      {rest.length > 0 ? (
        <details className="group">
          <summary className="inline-flex cursor-pointer list-none items-center rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700 hover:bg-slate-300 [&::-webkit-details-marker]:hidden">
            <span className="group-open:hidden">+{rest.length}</span>
            <span className="hidden group-open:inline">Show Less</span>
          </summary>
          <ul className="mt-1.5 flex flex-wrap gap-1.5">{rest.map(chip)}</ul>
        </details>
      ) : null}
    </div>
  );
}

export function ViewAllBadgesLink() {
  return (
    <Link to={routes.badges} className="text-sm font-semibold text-indigo-700 hover:underline">
      View All Badges
    </Link>
  );
}
