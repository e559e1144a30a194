/** The members' dashboard (`/`, signed in): its data, gathered from the features it shows. */
import type { useLoaderData } from "react-router";
import type { CurrentUser } from "~/features/auth/index.server";
import { getDashboardBadges } from "~/features/badges/index.server";
import { formatMonthYear } from "~/features/badges/components/badge-pieces";
import { listTopContributors } from "~/features/members/index.server";
import { loadRecentDiscussions } from "~/features/discussions/index.server";
import { toCardView } from "~/features/artists/components/card-view";
import { loadFeaturedArtists } from "~/features/artists/index.server";
import { blockedIdsOf } from "~/features/blocks/index.server";
import { loadNextMeetingCard } from "~/features/meetings/index.server";
import { displayNameOf } from "~/utils/display-name";

export async function loadDashboard(request: Request, user: CurrentUser) {
  const badges = await getDashboardBadges(user.id);
  const featuredArtists = await loadFeaturedArtists(user.id);
  const blockedIds = await blockedIdsOf(user.id);
  return {
    name: displayNameOf(user),
    // Formatted here: the text is the same on the server and in the browser (UTC).
    memberSince: formatMonthYear(user.joinedAt),
    points: user.points,
    badges,
    topContributors: await listTopContributors({ limit: 3 }),
    nextMeeting: await loadNextMeetingCard(request),
    recentDiscussions: (await loadRecentDiscussions(user.id)).posts,
    featuredArtists: { viewer: featuredArtists.viewer, artists: featuredArtists.artists.map((artist) => toCardView(artist, blockedIds)) },
  };
}

/** The signed-in dashboard's data as the page receives it (the `/` loader's `dashboard`). */
export type Dashboard = ReturnType<typeof useLoaderData<() => ReturnType<typeof loadDashboard>>>;
