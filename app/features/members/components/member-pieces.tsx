/** Member UI pieces: stat cards, member cards, the profile view; the contributors leaderboard is re-exported (see top-contributors.tsx). */
import { AppLink } from "~/components/ui/app-link";
import type { ReactNode } from "react";
import { BadgeChips } from "~/features/badges/components/badge-chips";
import { EarnedBadgeTile, formatDate, formatMonthYear, type BadgeView } from "~/features/badges/components/badge-pieces";
import { Avatar } from "~/components/ui/avatar";
import { routes } from "~/utils/routes";

export { TopContributorList } from "./top-contributors";

export function StatCard({ label, value, icon }: { label: string; value: number | string; icon?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={`stat-${label.toLowerCase().replace(/\s+/g, "-")}`}>
      <p className="flex items-center gap-2 text-sm font-medium text-slate-600">
        {icon ? <span aria-hidden="true">{icon}</span> : null}
        {label}
      </p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
    </div>
  );
}

export type MemberCardView = {
  id: string;
  name: string;
  avatarUrl: string | null;
  skillLevel: string;
  bio: string | null;
  interests: string[];
  points: number;
  joinedAt: Date | string;
  isTopContributor: boolean;
  counts: { posts: number; badges: number; meetings: number };
};

/**
 * A member card of the directory, with the rules and real counts. One class (`.member-card` in
 * app/tailwind.css), its parts styled by position: /members repeats it twelve times.
 */
export function MemberCard({ member }: { member: MemberCardView }) {
  const extra = member.interests.length - 3;
  return (
    <li className="member-card" data-testid="member-card">
      <div>
        <Avatar name={member.name} avatarUrl={member.avatarUrl} pixels={44} className="" />
        <div>
          <h3>
            <AppLink to={routes.member(member.id)}>{member.name}</AppLink>
          </h3>
          <div>
            <span>{member.skillLevel}</span>
            {member.isTopContributor ? <span>⭐ Top Contributor</span> : null}
          </div>
        </div>
      </div>
      {member.bio ? <p>{member.bio}</p> : null}
      {member.interests.length > 0 ? (
        <ul>
          {member.interests.slice(0, 3).map((interest) => (
            <li key={interest}>{interest}</li>
          ))}
          {extra > 0 ? <li>+{extra} more</li> : null}
        </ul>
      ) : null}
      <dl>
        <div>
          <dt>Points</dt>
          <dd>{member.points}</dd>
        </div>
        <div>
          <dt>Posts</dt>
          <dd>{member.counts.posts}</dd>
        </div>
        <div>
          <dt>Badges</dt>
          <dd>{member.counts.badges}</dd>
        </div>
        <div>
          <dt>Meetings</dt>
          <dd>{member.counts.meetings}</dd>
        </div>
      </dl>
      <div>
        <span>Member since {formatMonthYear(member.joinedAt)}</span>
        {/* The Connect button did nothing; here it opens the member's profile (a GET form, so it stays a button). */}
        <form method="get" action={routes.member(member.id)}>
          <button type="submit">Connect</button>
        </form>
      </div>
    </li>
  );
}

export type ProfileView = {
  name: string;
  avatarUrl: string | null;
  username: string;
  label: string;
  joinedAt: Date | string;
  bio: string | null;
  interests: string[];
  points: number;
  counts: { posts: number; badges: number; meetings: number };
  activity: { kind: "post" | "reply" | "badge"; title: string; link: string; at: Date | string }[];
};

const activityText: Record<ProfileView["activity"][number]["kind"], (title: string) => string> = {
  post: (title) => `Started the discussion “${title}”`,
  reply: (title) => `Replied to “${title}”`,
  badge: (title) => `Earned the ${title} badge`,
};

/** The profile view shared by /profile and the public /members/:id. */
export function ProfileCard({
  profile,
  badges,
  headerActions,
  badgesFooter,
  children,
}: {
  profile: ProfileView;
  badges: BadgeView[];
  headerActions?: ReactNode;
  badgesFooter?: ReactNode;
  children?: ReactNode;
}) {
  const earned = badges.filter((badge) => badge.isCompleted);
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:col-span-2" aria-labelledby="profile-name">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex items-center gap-4">
            <Avatar name={profile.name} avatarUrl={profile.avatarUrl} pixels={64} className="h-16 w-16 bg-indigo-600 text-2xl font-bold text-white" />
            <div>
              <h2 id="profile-name" className="text-xl font-semibold text-slate-900">
                {profile.name}
              </h2>
              <p className="text-sm text-slate-600" data-testid="profile-username">
                @{profile.username}
              </p>
              <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-semibold capitalize text-indigo-800" data-testid="profile-label">
                  {profile.label}
                </span>{" "}
                <span>Member since {formatMonthYear(profile.joinedAt)}</span>
              </div>
            </div>
          </div>
          {headerActions}
        </div>
        <BadgeChips badges={earned} />
        {profile.bio ? <p className="whitespace-pre-line text-slate-700">{profile.bio}</p> : <p className="text-sm italic text-slate-500">No bio yet.</p>}
        {profile.interests.length > 0 ? (
          <div>
            <h3 className="text-sm font-semibold text-slate-900">Interests</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {profile.interests.map((interest) => (
                <li key={interest} className="rounded-full bg-indigo-50 px-3 py-1 text-sm text-indigo-800">
                  {interest}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[
            ["Points", profile.points],
            ["Badges", profile.counts.badges],
            ["Posts", profile.counts.posts],
            ["Meetings", profile.counts.meetings],
          ].map(([label, value]) => (
            <div key={label} className="rounded-lg bg-slate-50 p-3 text-center" data-testid={`tile-${String(label).toLowerCase()}`}>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
              <dd className="text-2xl font-bold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        {children}
      </section>
      <div className="space-y-6">
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="profile-badges">
          <h2 id="profile-badges" className="text-lg font-semibold">
            Badges
          </h2>
          {earned.length > 0 ? (
            <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-2">
              {earned.slice(0, 6).map((badge) => (
                <EarnedBadgeTile key={badge.badgeId} badge={badge} />
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-slate-600">No badges earned yet.</p>
          )}
          {badgesFooter ? <div className="mt-3">{badgesFooter}</div> : null}
        </section>
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="recent-activity">
          <h2 id="recent-activity" className="text-lg font-semibold">
            Recent Activity
          </h2>
          {profile.activity.length > 0 ? (
            <ul className="mt-3 space-y-2">
              {profile.activity.map((item, index) => (
                <li key={`${item.kind}-${index}`} className="text-sm">
                  <AppLink to={item.link} className="text-slate-800 hover:underline">
                    {activityText[item.kind](item.title)}
                  </AppLink>
                  <span className="block text-xs text-slate-500">{formatDate(item.at)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-slate-600">No activity yet.</p>
          )}
        </section>
      </div>
    </div>
  );
}
