/** A member's badge chips (profile pages), apart from badge-pieces so the dashboard does not load them. */
import { PLATINUM_CLASS, type BadgeView } from "./badge-pieces";

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
      <ul className="flex flex-wrap gap-1.5">
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
