/** The dashboard's 'Featured AI Music Artists' card: featured artists with their rating panels. */
import { toCurrentUser, findUserById, userCan } from "~/features/auth/index.server";
import { listArtists, withPanels, type ArtistCardData } from "./artists.server";

export const FEATURED_ON_DASHBOARD = 6;

export type FeaturedArtistsData = {
  artists: ArtistCardData[];
  viewer: { isSignedIn: boolean; canModerate: boolean };
};

/** Featured artists (newest first) with their panels as the given viewer (null: a visitor, read only) sees them. */
export async function loadFeaturedArtists(userId: string | null): Promise<FeaturedArtistsData> {
  const user = userId ? await findUserById(userId) : undefined;
  const viewerId = user ? user.id : null;
  const { items } = await listArtists({}, { featuredOnly: true, pageSize: FEATURED_ON_DASHBOARD });
  return {
    artists: await withPanels(items, viewerId),
    viewer: { isSignedIn: Boolean(user), canModerate: user ? userCan(toCurrentUser(user), "content:moderate") : false },
  };
}
