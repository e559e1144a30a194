import type { ComponentProps } from "react";
import { initialOf } from "~/utils/display-name";
import type { ArtistCardData } from "../artists.server";
import type { ListenPlatform } from "../schemas";
import { artistUrls } from "../urls";
import { RatingPanel, type PanelViewer } from "./rating-panel";

const listenButtons: { platform: ListenPlatform; label: string; field: "spotifyUrl" | "youtubeUrl" | "appleMusicUrl"; className: string }[] = [
  { platform: "spotify", label: "Spotify", field: "spotifyUrl", className: "bg-green-700 hover:bg-green-800" },
  { platform: "youtube", label: "YouTube", field: "youtubeUrl", className: "bg-red-600 hover:bg-red-700" },
  { platform: "apple", label: "Apple Music", field: "appleMusicUrl", className: "bg-slate-900 hover:bg-black" },
];

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
    <span aria-hidden="true" className={`${size} flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-fuchsia-500 to-indigo-600 text-xl font-bold text-white`}>
      {initialOf(name)}
    </span>
  );
}

/** Spotify / YouTube / Apple Music buttons (only for links that exist); each counts a play on the way. */
export function ListenButtons({ artist }: { artist: ArtistCardData }) {
  const available = listenButtons.filter((button) => artist[button.field]);
  if (available.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {available.map((button) => (
        <a
          key={button.platform}
          href={artistUrls.listen(artist.id, button.platform)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Listen to ${artist.name} on ${button.label} (opens in a new tab)`}
          className={`rounded-md px-3 py-1.5 text-xs font-semibold text-white ${button.className}`}
        >
          {button.label}
        </a>
      ))}
    </div>
  );
}

/** An artist card: image or initial, name, genre, description or latest track, plays, listen buttons, and the rating panel. */
export function ArtistCard({
  artist,
  viewer,
  idPrefix = "",
  headingLevel = 3,
  serverError,
}: {
  artist: ArtistCardData;
  viewer: PanelViewer;
  idPrefix?: string;
  headingLevel?: 2 | 3 | 4;
  serverError?: ComponentProps<typeof RatingPanel>["serverError"];
}) {
  const Heading = `h${headingLevel}` as "h3";
  return (
    <article id={idPrefix ? undefined : artistUrls.card(artist.id)} className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="artist-card">
      <div className="flex items-start gap-3">
        <ArtistAvatar name={artist.name} avatarUrl={artist.avatarUrl} />
        <div className="min-w-0 flex-1">
          <Heading className="truncate text-lg font-semibold text-slate-900">
            <a href={artistUrls.detail(artist.id)} className="hover:underline">
              {artist.name}
            </a>
          </Heading>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-xs">
            {artist.genre ? <span className="rounded-full bg-fuchsia-100 px-2 py-0.5 font-medium text-fuchsia-800">{artist.genre}</span> : null}
            {artist.featured ? <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-800">Featured</span> : null}
            <span className="text-slate-600">{formatPlays(artist.playCount)}</span>
          </div>
        </div>
      </div>
      {artist.description ? (
        <p className="mt-3 line-clamp-3 text-sm text-slate-700">{artist.description}</p>
      ) : artist.latestTrack ? (
        <p className="mt-3 text-sm text-slate-700">Latest: {artist.latestTrack}</p>
      ) : null}
      {artist.description && artist.latestTrack ? <p className="mt-1 text-xs text-slate-500">Latest track: {artist.latestTrack}</p> : null}
      <div className="mt-3">
        <ListenButtons artist={artist} />
      </div>
      <RatingPanel artistId={artist.id} artistName={artist.name} panel={artist.panel} viewer={viewer} idPrefix={idPrefix} serverError={serverError} />
    </article>
  );
}
