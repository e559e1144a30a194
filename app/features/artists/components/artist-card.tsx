import type { ComponentProps } from "react";
import { ArtistCardShell } from "./artist-shell";
import type { ArtistCardView, CardViewer } from "./card-view";
import { RatingPanel } from "./rating-panel";

/** An artist card with the interactive rating panel (/music-artists and an artist's own page). */
export function ArtistCard({
  artist,
  viewer,
  idPrefix = "",
  headingLevel = 3,
  serverError,
  renderReport,
}: {
  artist: ArtistCardView;
  viewer: CardViewer;
  idPrefix?: string;
  headingLevel?: 2 | 3 | 4;
  serverError?: ComponentProps<typeof RatingPanel>["serverError"];
  /** 'Report' on each comment, given by the page (docs/moderation.md). */
  renderReport?: ComponentProps<typeof RatingPanel>["renderReport"];
}) {
  return (
    <ArtistCardShell artist={artist} idPrefix={idPrefix} headingLevel={headingLevel}>
      <RatingPanel artistId={artist.id} artistName={artist.name} panel={artist.panel} viewer={viewer} idPrefix={idPrefix} headingLevel={(headingLevel + 1) as 3 | 4 | 5} serverError={serverError} renderReport={renderReport} />
    </ArtistCardShell>
  );
}
