import { AppLink } from "~/components/ui/app-link";
import { artistUrls } from "../urls";
import { ArtistCardShell } from "./artist-shell";
import type { ArtistCardView, CardViewer } from "./card-view";
import { DashboardRatingPanel } from "./dashboard-rating-panel";

/** The dashboard's 'Featured AI Music Artists' card (data from loadFeaturedArtists, mapped with toCardView). */
export function FeaturedArtistsCard({ data }: { data: { artists: ArtistCardView[]; viewer: CardViewer } }) {
  return (
    <section aria-labelledby="featured-artists-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <h2 id="featured-artists-heading" className="text-lg font-semibold text-slate-900">
          Featured AI Music Artists
        </h2>
        <AppLink to={artistUrls.list} className="text-sm font-medium text-indigo-700 hover:underline">
          Explore All
        </AppLink>
      </div>
      {data.artists.length ? (
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          {data.artists.map((artist) => (
            <ArtistCardShell key={artist.id} artist={artist} idPrefix="dashboard-">
              <DashboardRatingPanel artistId={artist.id} artistName={artist.name} panel={artist.panel} viewer={data.viewer} />
            </ArtistCardShell>
          ))}
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-600">No featured artists yet.</p>
      )}
    </section>
  );
}
