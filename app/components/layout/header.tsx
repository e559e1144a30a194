import { useLocation } from "react-router";
import { AppLink, AppNavLink } from "~/components/ui/app-link";
import { routes } from "~/utils/routes";
import { themeLabels, themes, type Theme } from "~/utils/theme";
import { buttonClass } from "~/components/ui/button";
import { spaced } from "~/components/ui/spaced";

export type ShellUser = { id: string; name: string; avatar?: { src: string; srcSet: string } | null; isAdmin: boolean; isModerator?: boolean };

type NavigationItem = { to: string; label: string; end?: boolean };

const navigation: NavigationItem[] = [
  { to: routes.home, label: "Dashboard", end: true },
  { to: routes.discussions, label: "Discussions" },
  { to: routes.meetings, label: "Meetings" },
  { to: routes.members, label: "Members" },
  { to: routes.resources, label: "Resources" },
  { to: routes.musicArtists, label: "Music Artists" },
];

/** Short classes (app/tailwind.css, "nav-item"): the shell repeats these links on every page. */
function navClass({ isActive }: { isActive: boolean }) {
  return isActive ? "nav-item nav-item-active" : "nav-item";
}

// The menu toggle and panel look of the mobile menu, shared by the theme menu.
const menuToggleClass = "menu-toggle";
const menuPanelClass = "menu-panel";

/**
 * Light / Dark / System (docs/accessibility.md): a plain HTML form posting to /theme, the same with
 * JavaScript on or off (the server renders the next page in the chosen theme), in a <details> menu
 * that opens without JavaScript. The current choice is aria-pressed. The landing page gets it from
 * the root layout.
 */
export function ThemeMenu({ theme }: { theme: Theme }) {
  const location = useLocation();
  return (
    <details className="relative">
      {/* Its icon (a moon) is a CSS mask: app/tailwind.css, ".icon-moon". */}
      <summary className={`${menuToggleClass} icon-moon`}>
        <span className="sr-only">{`Theme: ${themeLabels[theme]}`}</span>
      </summary>
      <form method="post" action="/theme" className={`z-40 ${menuPanelClass}`}>
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        {spaced(
          themes.map((value) => (
            <button key={value} type="submit" name="theme" value={value} aria-pressed={theme === value} className={`text-left ${navClass({ isActive: theme === value })}`}>
              {themeLabels[value]}
            </button>
          )),
        )}
      </form>
    </details>
  );
}

/** `discover="none"` where the bar's Dashboard link already lets React Router discover "/" (data-discover once per path: docs/performance.md). */
function Logo({ communityName, discover }: { communityName: string; discover?: "none" }) {
  return (
    <AppLink to={routes.home} discover={discover} className="flex items-center gap-2">
      <span aria-hidden="true" className="logo-mark">
        Q
      </span>{" "}
      <span className="logo-name">{communityName}</span>
    </AppLink>
  );
}

/** The top navigation: links by path prefix (/ exact), the envelope (conversations with unread messages), bell, name, and a mobile menu that needs no JavaScript. */
export function Header({
  user,
  communityName,
  unreadNotifications,
  unreadMessages = 0,
  theme,
}: {
  user: ShellUser | null;
  communityName: string;
  unreadNotifications: number;
  unreadMessages?: number;
  theme: Theme;
}) {
  if (!user) {
    return (
      <header className="border-b border-slate-200 bg-white">
        <div className="header-bar">
          <Logo communityName={communityName} />{" "}
          <div className="hidden items-center gap-4 sm:flex">
            <AppLink to={routes.login} className="text-sm font-medium text-indigo-700 hover:underline">
              Already a member? Sign In
            </AppLink>{" "}
            <AppLink to={routes.login} className={buttonClass()}>
              Join the Community
            </AppLink>
          </div>{" "}
          <div className="flex items-center gap-2">
            <ThemeMenu theme={theme} />{" "}
            <AppLink to={routes.login} className={`sm:hidden ${buttonClass()}`}>
              Login
            </AppLink>
          </div>
        </div>
      </header>
    );
  }
  // Moderators open the panel too (its Reports tab only).
  const items: NavigationItem[] = user.isAdmin || user.isModerator ? [...navigation, { to: routes.admin, label: "Admin Panel" }] : navigation;
  return (
    <header className="site-header">
      <div className="header-bar">
        <Logo communityName={communityName} discover="none" />{" "}
        <nav aria-label="Main" className="main-nav">
          {spaced(
            items.map((item) => (
              <AppNavLink key={item.to} to={item.to} end={item.end} className={navClass} prefetch="intent">
                {item.label}
              </AppNavLink>
            )),
          )}
        </nav>{" "}
        <div className="flex items-center gap-2">
          <AppLink to={routes.messages} className="bell icon-envelope">
            <span className="sr-only">Messages </span>
            {unreadMessages > 0 ? (
              <span data-testid="unread-messages" className="bell-count">
                {unreadMessages > 99 ? "99+" : unreadMessages}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </AppLink>{" "}
          <AppLink
            to={routes.notifications}
            className="bell icon-bell"
          >
            <span className="sr-only">Notifications </span>
            {unreadNotifications > 0 ? (
              <span data-testid="unread-notifications" className="bell-count">
                {unreadNotifications > 99 ? "99+" : unreadNotifications}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </AppLink>{" "}
          <AppLink to={routes.profile} className="profile-link">
            {/* Not <Avatar>: the shell loads on every page, so the root loader sends the sources ready (docs/decisions/0065-page-weight-ratchet.md). */}
            {user.avatar ? (
              <img src={user.avatar.src} srcSet={user.avatar.srcSet} sizes="32px" width={32} height={32} alt="" className="h-8 w-8 rounded-full object-cover" />
            ) : (
              <span aria-hidden="true" className="header-avatar">
                {(user.name[0] ?? "M").toUpperCase()}
              </span>
            )}{" "}
            <span className="sr-only">Profile: </span>
            <span className="profile-name" data-testid="header-user-name">
              {user.name}
            </span>
          </AppLink>{" "}
          <ThemeMenu theme={theme} />{" "}
          {/* The member menu: on wide screens the main links are in the bar, so it lists only the member's own pages. */}
          <details className="relative">
            <summary className={`${menuToggleClass} icon-menu`} aria-label="Open menu" />
            <nav aria-label="Mobile" className={menuPanelClass}>
              {spaced([
                ...items.map((item) => (
                  // The bar's links above already let React Router discover these paths (data-discover once per path: docs/performance.md).
                  <AppNavLink key={item.to} to={item.to} end={item.end} discover="none" className={(state) => `lg:hidden ${navClass(state)}`}>
                    {item.label}
                  </AppNavLink>
                )),
                ...[{ to: routes.badges, label: "My Badges" }, { to: routes.profile, label: "Profile", discover: "none" as const }, { to: routes.accountSettings, label: "Account settings" }].map((item) => (
                  <AppNavLink key={item.to} to={item.to} discover={item.discover} className={navClass}>
                    {item.label}
                  </AppNavLink>
                )),
              ])}
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
