/**
 * The artist card without its rating panel, and the hook-free pieces every rating panel shows (the
 * 'Community Rating' summary, the stars, the signed-out prompt, the comments list). Shared by the
 * interactive RatingPanel (/music-artists, an artist's page) and the dashboard's DashboardRatingPanel,
 * so both render the same markup. One module on purpose: one chunk for the dashboard to load.
 */
import { type Form } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import type { ReactNode } from "react";
import { BlockedContent } from "~/features/blocks/components/blocked-content";
import { initialOf } from "~/utils/display-name";
import { formatShortDate } from "~/utils/short-date";
import type { ListenPlatform } from "../constants";
import { artistUrls } from "../urls";
import type { ArtistCardView, CardComment } from "./card-view";
import { countLabel } from "~/utils/plural";
import { spaced } from "~/components/ui/spaced";

const listenLabels: Record<ListenPlatform, string> = { spotify: "Spotify", youtube: "YouTube", apple: "Apple Music" };

const numberFormat = new Intl.NumberFormat("en-US");

export function formatPlays(playCount: number): string {
  return countLabel(playCount, "play", "plays", numberFormat.format);
}

/** The avatar image, or the first letter of the name (`.artist-avatar` in app/tailwind.css; `size` overrides its 3.5rem). */
export function ArtistAvatar({ name, avatarUrl, size }: { name: string; avatarUrl: string | null; size?: string }) {
  const className = size ? `artist-avatar ${size}` : "artist-avatar";
  if (avatarUrl) {
    return <img src={avatarUrl} alt="" className={className} loading="lazy" />;
  }
  return (
    <span aria-hidden="true" className={className}>
      {initialOf(name)}
    </span>
  );
}

/**
 * An artist card: image or initial, name, genre, description or latest track, plays, the
 * Spotify / YouTube / Apple Music buttons for the links that exist (each counts a play on the
 * way), then its rating panel (children). Markup kept lean: /music-artists renders 34 of them, so
 * the card has one class (`.artist-card` in app/tailwind.css) and its parts are styled by position
 * (docs/performance.md, "Third slice").
 */
export function ArtistCardShell({
  artist,
  idPrefix = "",
  headingLevel = 3,
  children,
}: {
  artist: ArtistCardView;
  idPrefix?: string;
  headingLevel?: 2 | 3 | 4;
  children: ReactNode;
}) {
  const Heading = `h${headingLevel}` as "h3";
  return (
    <article id={idPrefix ? undefined : artistUrls.card(artist.id)} className="artist-card" data-testid="artist-card">
      <div>
        <ArtistAvatar name={artist.name} avatarUrl={artist.avatarUrl} />
        <div>
          <Heading>
            <a href={artistUrls.detail(artist.id)}>{artist.name}</a>
          </Heading>
          <p>
            {spaced([
              artist.genre ? (
                <span key="genre" className="genre-tag">
                  {artist.genre}
                </span>
              ) : null,
              artist.featured ? (
                <span key="featured" className="featured-tag">
                  Featured
                </span>
              ) : null,
              <span key="plays">{formatPlays(artist.playCount)}</span>,
            ])}
          </p>
        </div>
      </div>
      {artist.description ? <p>{artist.description}</p> : artist.latestTrack ? <p>{`Latest: ${artist.latestTrack}`}</p> : null}
      {artist.description && artist.latestTrack ? <p className="track">{`Latest track: ${artist.latestTrack}`}</p> : null}
      {artist.links.length ? (
        <p className="listen">
          {spaced(
            artist.links.map((platform) => (
              <a
                key={platform}
                href={artistUrls.listen(artist.id, platform)}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Listen to ${artist.name} on ${listenLabels[platform]} (opens in a new tab)`}
              >
                {listenLabels[platform]}
              </a>
            )),
          )}
        </p>
      ) : null}
      {children}
    </article>
  );
}

/** '4.3' from an exact average. */
export function formatAverage(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

export function ratingsLabel(total: number): string {
  return countLabel(total, "rating");
}

/** The rating panel's one class: its parts are styled by position (app/tailwind.css, `.artist-panel`). */
export const panelClass = "artist-panel";

/** The heading levels inside a card: one below the card's own heading (docs/accessibility.md). */
export type PanelHeadingLevel = 3 | 4 | 5;

/** 'Community Rating', named after the artist for screen readers (each panel is its own landmark). The ★ before the average is drawn by CSS. */
export function RatingSummary({
  headingId,
  headingLevel,
  artistName,
  averageRating,
  totalRatings,
}: {
  headingId: string;
  headingLevel: PanelHeadingLevel;
  artistName: string;
  averageRating: number;
  totalRatings: number;
}) {
  const Heading = `h${headingLevel}` as "h4";
  return (
    <div>
      <Heading id={headingId}>
        Community Rating<span className="sr-only">{` of ${artistName}`}</span>
      </Heading>
      <p>
        <b data-testid="average-rating">{formatAverage(averageRating)}</b> <span>{`(${ratingsLabel(totalRatings)})`}</span>
      </p>
    </div>
  );
}

export function SignInPrompt() {
  return (
    <p className="text-slate-700">
      <AppLink to="/login" className="font-semibold text-indigo-700 hover:underline">
        Sign in
      </AppLink>{" "}
      to rate and comment on this artist
    </p>
  );
}

export { StarButtons } from "~/components/ui/star-buttons";

/**
 * The comment form's fields (intent, where to return, the labelled textarea); the form itself (a
 * React Router Form or a fetcher's), its error and its button are the caller's.
 */
export function CommentFields({
  id,
  artistName,
  redirectTo,
  defaultValue,
  error,
  onInput,
}: {
  id: string;
  artistName: string;
  redirectTo: string;
  defaultValue?: string;
  error?: string | null;
  onInput?: () => void;
}) {
  return (
    <>
      <input type="hidden" name="intent" value="comment" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label htmlFor={id} className="sr-only">
        {`Comment on ${artistName}`}
      </label>
      <textarea
        id={id}
        name="comment"
        rows={3}
        defaultValue={defaultValue}
        placeholder={`Share your thoughts about ${artistName}...`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onInput={onInput}
      />
    </>
  );
}

/** 'Comments (N)' and the list; moderators get a Hide button per comment (a POST form: React Router's Form or a fetcher's). */
export function CommentList({
  artistId,
  count,
  comments,
  canModerate,
  renderReport,
  redirectTo,
  HideForm,
  headingLevel,
}: {
  headingLevel: PanelHeadingLevel;
  artistId: number;
  count: number;
  comments: CardComment[];
  canModerate: boolean;
  /** Signed-in members get 'Report' on each comment (docs/moderation.md); the dashboard leaves it out to stay light. */
  renderReport?: (comment: CardComment) => ReactNode;
  redirectTo: string;
  HideForm: typeof Form;
}) {
  const Heading = `h${headingLevel + 1}` as "h5";
  return (
    <div>
      <Heading>{`Comments (${count})`}</Heading>
      {comments.length ? (
        <ul className="comments">
          {comments.map((comment) => {
            // No wrapper around a comment's parts unless it is collapsed (a blocked member's): the list styles them by position.
            const body = (
              <>
                <p>
                  {spaced([
                    <span key="author">{comment.author}</span>,
                    <time key="date" dateTime={comment.createdAt}>
                      {formatShortDate(comment.createdAt)}
                    </time>,
                  ])}
                </p>
                <p>{comment.comment}</p>
                {renderReport ? <p>{renderReport(comment)}</p> : null}
                {canModerate ? (
                  <HideForm method="post" action={artistUrls.detail(artistId)} preventScrollReset>
                    <input type="hidden" name="intent" value="hide-comment" />
                    <input type="hidden" name="commentId" value={comment.id} />
                    <input type="hidden" name="redirectTo" value={redirectTo} />
                    <button type="submit" aria-label={`Hide comment by ${comment.author}`}>
                      Hide
                    </button>
                  </HideForm>
                ) : null}
              </>
            );
            return (
              <li key={comment.id}>
                {comment.isFromBlockedMember ? <BlockedContent kind="comment">{body}</BlockedContent> : body}
              </li>
            );
          })}
        </ul>
      ) : (
        <p>No comments yet.</p>
      )}
    </div>
  );
}
