import { AppNavLink } from "~/components/ui/app-link";
import { SocialLinkList } from "~/components/ui/social-icon";
import { spaced } from "~/components/ui/spaced";
import type { PublicSettings } from "~/features/settings";
import { routes } from "~/utils/routes";

/** Short classes (app/tailwind.css, "nav-item"): the sidebar is on every signed-in page. */
function itemClass({ isActive }: { isActive: boolean }) {
  return isActive ? "nav-item side-item nav-item-active" : "nav-item side-item";
}

/** The number shown, and for screen readers what it counts ("21 new"); a text browser reads "21 (21 new)". */
function CountBadge({ value, label, testId }: { value: number; label: string; testId: string }) {
  return (
    <span data-testid={testId} className="count-pill">
      <span aria-hidden="true">{value}</span>
      <span className="sr-only">{` (${label})`}</span>
    </span>
  );
}

/** The sidebar (large screens), in the order of docs/architecture.md. */
export function Sidebar({
  totalMembers,
  unreadDiscussions,
  settings,
}: {
  totalMembers: number;
  unreadDiscussions: number;
  settings: Pick<PublicSettings, "socialLinks" | "supportLinks">;
}) {
  return (
    <aside className="sidebar" aria-label="Sidebar">
      <div>
        <section className="mission" aria-labelledby="mission-heading">
          {/* Not a heading: the page's h1 comes first in reading order (docs/accessibility.md). */}
          <p id="mission-heading" className="mission-title">
            Our mission
          </p>
          <p>Question, Understand, Adapt, Discover, Share.</p>
        </section>
        {/* The header's bar (and its menu, for My Badges) has links to the same pages: those let React Router discover them (docs/performance.md). */}
        <nav aria-label="Sidebar navigation" className="space-y-1">
          {spaced([
            <AppNavLink key="home" to={routes.home} end discover="none" className={itemClass}>
              Dashboard
            </AppNavLink>,
            <AppNavLink key="discussions" to={routes.discussions} discover="none" className={itemClass}>
              <span>Discussions</span>{" "}
              {unreadDiscussions > 0 ? <CountBadge value={unreadDiscussions} label={`${unreadDiscussions} new`} testId="unread-discussions" /> : null}
            </AppNavLink>,
            <AppNavLink key="meetings" to={routes.meetings} discover="none" className={itemClass}>
              Weekly Meetings
            </AppNavLink>,
            <AppNavLink key="members" to={routes.members} discover="none" className={itemClass}>
              <span>Members</span>{" "}
              <CountBadge value={totalMembers} label={`${totalMembers} in total`} testId="total-members" />
            </AppNavLink>,
            <AppNavLink key="resources" to={routes.resources} discover="none" className={itemClass}>
              AI Resources
            </AppNavLink>,
            <AppNavLink key="musicArtists" to={routes.musicArtists} discover="none" className={itemClass}>
              AI Music Artists
            </AppNavLink>,
            <AppNavLink key="badges" to={routes.badges} discover="none" className={itemClass}>
              My Badges
            </AppNavLink>,
            settings.supportLinks.supportUs ? (
              <a key="support" href={settings.supportLinks.supportUs} target="_blank" rel="noopener noreferrer" className={itemClass({ isActive: false })}>
                Support Us
              </a>
            ) : null,
          ])}
        </nav>
        {settings.socialLinks.length > 0 ? (
          <section aria-labelledby="follow-us-heading" className="rounded-xl border border-slate-200 bg-white p-4">
            <p id="follow-us-heading" className="text-sm font-semibold text-slate-900">
              Follow Us
            </p>
            <SocialLinkList
              links={settings.socialLinks}
              listClassName="mt-2 flex flex-wrap gap-2"
              linkClassName="grid h-9 w-9 place-items-center rounded-full bg-slate-100 text-slate-700 hover:bg-indigo-100 hover:text-indigo-700"
              iconClassName="h-5 w-5"
            />
          </section>
        ) : null}
      </div>
    </aside>
  );
}
