import { messages } from "../messages";

/** What the author and moderators see on hidden content (docs/moderation.md). */
export function HiddenBadge({ reason }: { reason: "moderator" | "reports" | null }) {
  return (
    <span data-testid="hidden-badge" className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
      {reason === "reports" ? messages.hiddenByReports : messages.hiddenByModerator}
    </span>
  );
}
