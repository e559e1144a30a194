import type { ComponentProps } from "react";
import { initialOf } from "~/utils/display-name";
import type { ListenPlatform } from "../constants";
import { artistUrls } from "../urls";
import type { ArtistCardView, CardViewer } from "./card-view";
import { RatingPanel } from "./rating-panel";

const listenButtons: Record<ListenPlatform, [label: string, className: string]> = {
  spotify: ["Spotify", "bg-green-700 hover:bg-green-800"],
  youtube: ["YouTube", "bg-red-600 hover:bg-red-700"],
  apple: ["Apple Music", "bg-slate-900 hover:bg-black"],
};

const numberFormat = new Intl.NumberFormat("en-US");

export function formatPlays(playCount: number): string {
  return `${numberFormat.format(playCount)} play${playCount === 1 ? "" : "s"}`;
}

/** The avatar image, or the first letter of the name. */
export function ArtistAvatar({ name, avatarUrl, size = "h-14 w-14" }: { name: string; avatarUrl: string | null; size?: string }) {
  if (avatarUrl) {
    return <img src={avatarUrl} alt="" className={`${size} shrink-0 rounded-full bg-slate-200 object-cover`} loading="lazy" />;
  }
  return (
    <span aria-hidden="true" className={`${size} grid shrink-0 place-items-center rounded-full bg-gradient-to-br from-fuchsia-500 to-indigo-600 text-xl font-bold text-white`}>
      {initialOf(name)}
    </span>
  );
}

/**
 * An artist card: image or initial, name, genre, description or latest track, plays, the
 * Spotify / YouTube / Apple Music buttons for the links that exist (each counts a play on the
 * way), and the rating panel. Markup kept lean: /music-artists renders 34 of them.
 */
export function ArtistCard({
  artist,
  viewer,
  idPrefix = "",
  headingLevel = 3,
  serverError,
}: {
  artist: ArtistCardView;
  viewer: CardViewer;
  idPrefix?: string;
  headingLevel?: 2 | 3 | 4;
  serverError?: ComponentProps<typeof RatingPanel>["serverError"];
}) {
  const Heading = `h${headingLevel}` as "h3";
  return (
    <article id={idPrefix ? undefined : artistUrls.card(artist.id)} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="artist-card">
      <div className="flex items-start gap-3">
        <ArtistAvatar name={artist.name} avatarUrl={artist.avatarUrl} />
        <div className="min-w-0">
          <Heading className="truncate text-lg font-semibold text-slate-900">
            <a href={artistUrls.detail(artist.id)} className="hover:underline">
              {artist.name}
            </a>
          </Heading>
          <p className="mt-1 flex flex-wrap gap-2 text-xs text-slate-600">
            {artist.genre ? <span className="rounded-full bg-fuchsia-100 px-2 text-fuchsia-800">{artist.genre}</span> : null}
            {artist.featured ? <span className="rounded-full bg-amber-100 px-2 text-amber-800">Featured</span> : null}
            <span>{formatPlays(artist.playCount)}</span>
          </p>
        </div>
      </div>
      {artist.description ? (
        <p className="mt-3 line-clamp-3 text-sm text-slate-700">{artist.description}</p>
      ) : artist.latestTrack ? (
        <p className="mt-3 text-sm text-slate-700">{`Latest: ${artist.latestTrack}`}</p>
      ) : null}
      {artist.description && artist.latestTrack ? <p className="mt-1 text-xs text-slate-500">{`Latest track: ${artist.latestTrack}`}</p> : null}
      {artist.links.length ? (
        <p className="mt-3 flex flex-wrap gap-2">
          {artist.links.map((platform) => (
            <a
              key={platform}
              href={artistUrls.listen(artist.id, platform)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Listen to ${artist.name} on ${listenButtons[platform][0]} (opens in a new tab)`}
              className={`rounded-md px-3 py-1.5 text-xs font-semibold text-white ${listenButtons[platform][1]}`}
            >
              {listenButtons[platform][0]}
            </a>
          ))}
        </p>
      ) : null}
      <RatingPanel artistId={artist.id} artistName={artist.name} panel={artist.panel} viewer={viewer} idPrefix={idPrefix} serverError={serverError} />
    </article>
  );
}
