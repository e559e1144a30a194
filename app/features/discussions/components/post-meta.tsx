import { AppLink } from "~/components/ui/app-link";
import { Avatar } from "~/components/ui/avatar";
import { spaced } from "~/components/ui/spaced";
import { routes } from "~/utils/routes";
import { formatPostDate } from "../format";
import { HiddenBadge } from "./hidden-badge";

type Author = { id: string; displayName: string; firstName?: string; lastName?: string; profileImageUrl: string | null; role: string };

export function authorName(author: Author): string {
  const first = (author.firstName ?? "").trim();
  const last = (author.lastName ?? "").trim();
  return author.displayName.trim() || (first && last ? `${first} ${last}` : "") || first || "Community Member";
}

/**
 * Avatar, name (to the member's page), role and date; styled by position in app/tailwind.css ("author-line", "role-lead").
 * `discover="none"` when another link on the page already lets React Router discover the member's page.
 */
export function AuthorLine({ author, date, edited, discover }: { author: Author; date: Date | string | number; edited?: boolean; discover?: "none" }) {
  const name = authorName(author);
  return (
    <div className="author-line">
      {spaced([
        <Avatar key="avatar" name={name} avatarUrl={author.profileImageUrl} pixels={28} className="" />,
        <AppLink key="name" to={routes.member(author.id)} discover={discover}>
          {name}
        </AppLink>,
        author.role === "admin" ? (
          <span key="role" className="role-lead">
            Community Leader
          </span>
        ) : null,
        author.role === "moderator" ? (
          <span key="role" className="role-mod">
            Moderator
          </span>
        ) : null,
        // The "·" before the date is drawn by app/tailwind.css (".author-line > time::before").
        <time key="date" dateTime={new Date(date).toISOString().replace(/\.\d{3}Z$/, "Z")}>
          {formatPostDate(date)}
        </time>,
        edited ? (
          <span key="edited" className="text-xs text-slate-500">
            (edited)
          </span>
        ) : null,
      ])}
    </div>
  );
}

/** The category's icon is drawn from data-icon by app/tailwind.css (".pill[data-icon]"), hidden from screen readers as before. */
export function CategoryBadge({ category }: { category: { name: string; colorClass: string; iconClass?: string } | null }) {
  if (!category) return null;
  return (
    <span className={`pill ${category.colorClass}`} data-icon={category.iconClass || undefined}>
      {category.name}
    </span>
  );
}

/** The marks above a post's title (pinned, category, hidden), a space apart (app/components/ui/spaced.ts). */
export function PostBadges({ isPinned, category, hiddenLabel }: { isPinned: boolean; category: Parameters<typeof CategoryBadge>[0]["category"]; hiddenLabel?: string | null }) {
  return spaced([
    isPinned ? <PinnedBadge key="pinned" /> : null,
    category ? <CategoryBadge key="category" category={category} /> : null,
    hiddenLabel ? <HiddenBadge key="hidden" label={hiddenLabel} /> : null,
  ]);
}

function PinnedBadge() {
  return <span className="pill bg-amber-100 text-amber-800">📌 Pinned</span>;
}
