/**
 * The artist card without its rating panel, and the hook-free pieces every rating panel shows (the
 * 'Community Rating' summary, the stars, the signed-out prompt, the comments list). Shared by the
 * interactive RatingPanel (/music-artists, an artist's page) and the dashboard's DashboardRatingPanel,
 * so both render the same markup. One module on purpose: one chunk for the dashboard to load.
 */
import { Link, type Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { BlockedContent } from "~/features/blocks/components/blocked-content";
import { initialOf } from "~/utils/display-name";
import type { ListenPlatform } from "../constants";
import { artistUrls } from "../urls";
import type { ArtistCardView, CardComment } from "./card-view";
import { countLabel } from "~/utils/plural";

const listenButtons: Record<ListenPlatform, [label: string, className: string]> = {
  spotify: ["Spotify", "bg-green-700 hover:bg-green-800"],
  youtube: ["YouTube", "bg-red-600 hover:bg-red-700"],
  apple: ["Apple Music", "bg-slate-900 hover:bg-black"],
};

const numberFormat = new Intl.NumberFormat("en-US");

export function formatPlays(playCount: number): string {
  return countLabel(playCount, "play", "plays", numberFormat.format);
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
 * way), then its rating panel (children). Markup kept lean: /music-artists renders 34 of them.
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
      {children}
    </article>
  );
}

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** '4.3' from an exact average. */
export function formatAverage(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

export function ratingsLabel(total: number): string {
  return countLabel(total, "rating");
}

export const panelClass = "mt-4 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm";

/** The heading levels inside a card: one below the card's own heading (docs/accessibility.md). */
export type PanelHeadingLevel = 3 | 4 | 5;

/** 'Community Rating', named after the artist for screen readers (each panel is its own landmark). */
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
    <div className="flex flex-wrap justify-between gap-x-2">
      <Heading id={headingId} className="font-semibold">
        Community Rating<span className="sr-only">{` of ${artistName}`}</span>
      </Heading>
      <p>
        <span aria-hidden="true" className="text-amber-500">
          ★{" "}
        </span>
        <b data-testid="average-rating">{formatAverage(averageRating)}</b>{" "}
        <span className="text-slate-500">{`(${ratingsLabel(totalRatings)})`}</span>
      </p>
    </div>
  );
}

export function SignInPrompt() {
  return (
    <p className="text-slate-700">
      <Link to="/login" className="font-semibold text-indigo-700 hover:underline">
        Sign in
      </Link>{" "}
      to rate and comment on this artist
    </p>
  );
}

/** The star buttons (submit buttons named rating); one text glyph each, labelled for screen readers. */
export function StarButtons({ artistName, myRating }: { artistName: string; myRating: number | null }) {
  return (
    <fieldset className="flex gap-1 text-2xl leading-none text-slate-300">
      <legend className="mb-1 text-sm font-medium text-slate-800">{`Rate ${artistName}`}</legend>
      {[1, 2, 3, 4, 5].map((value) => (
        <button
          key={value}
          type="submit"
          name="rating"
          value={value}
          aria-label={`Rate ${artistName} ${value} star${value === 1 ? "" : "s"}`}
          aria-pressed={myRating === value}
          className={myRating !== null && value <= myRating ? "text-amber-500" : "hover:text-amber-400"}
        >
          ★
        </button>
      ))}
    </fieldset>
  );
}

/** 'Comments (N)' and the list; moderators get a Hide button per comment (a POST form: Remix's Form or a fetcher's). */
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
      <Heading className="font-semibold">{`Comments (${count})`}</Heading>
      {comments.length ? (
        <ul className="mt-2 space-y-2">
          {comments.map((comment) => (
            <li key={comment.id} className="rounded-md bg-white p-2">
              <BlockedContent kind="comment" isCollapsed={Boolean(comment.isFromBlockedMember)}>
                <p className="flex justify-between gap-2">
                  <span className="font-medium">{comment.author}</span>
                  <time dateTime={comment.createdAt} className="text-xs text-slate-500">
                    {dateFormat.format(new Date(comment.createdAt))}
                  </time>
                </p>
                <p className="whitespace-pre-line break-words text-slate-700">{comment.comment}</p>
                {renderReport ? <p className="mt-1 text-right">{renderReport(comment)}</p> : null}
                {canModerate ? (
                  <HideForm method="post" action={artistUrls.detail(artistId)} preventScrollReset className="mt-1 text-right">
                    <input type="hidden" name="intent" value="hide-comment" />
                    <input type="hidden" name="commentId" value={comment.id} />
                    <input type="hidden" name="redirectTo" value={redirectTo} />
                    <button type="submit" className="text-xs font-medium text-red-700 hover:underline" aria-label={`Hide comment by ${comment.author}`}>
                      Hide
                    </button>
                  </HideForm>
                ) : null}
              </BlockedContent>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-slate-500">No comments yet.</p>
      )}
    </div>
  );
}
