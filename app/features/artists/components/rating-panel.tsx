import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { COMMENT_MAX_LENGTH } from "../constants";
import { artistUrls } from "../urls";
import type { CardComment, CardPanel, CardViewer } from "./card-view";

export type PanelViewer = CardViewer;
type ActionError = { field?: string; message?: string; comment?: string; artistId?: number; back?: string };

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** '4.3' from an exact average. */
export function formatAverage(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

export function ratingsLabel(total: number): string {
  return `${total} rating${total === 1 ? "" : "s"}`;
}

/** The average after the viewer's new rating, for the optimistic view. */
function optimisticSummary(panel: CardPanel, next: number) {
  const total = panel.totalRatings;
  if (panel.myRating === null) return { averageRating: (panel.averageRating * total + next) / (total + 1), totalRatings: total + 1 };
  if (total === 0) return { averageRating: next, totalRatings: 1 };
  return { averageRating: (panel.averageRating * total - panel.myRating + next) / total, totalRatings: total };
}

function validateComment(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return "Comment cannot be empty";
  if (trimmed.length > COMMENT_MAX_LENGTH) return "Comment is too long";
  return null;
}

/**
 * The artist rating panel: 'Community Rating', five-star rating, 'Add a Comment' and the comments.
 * Plain forms posting to the artist's page (they work without JavaScript and come back here);
 * with JavaScript they are fetchers: the rating is optimistic and a posted comment clears and collapses.
 */
export function RatingPanel({
  artistId,
  artistName,
  panel,
  viewer,
  idPrefix = "",
  serverError,
}: {
  artistId: number;
  artistName: string;
  panel: CardPanel;
  viewer: PanelViewer;
  idPrefix?: string;
  /** A rejected no-JavaScript post, rendered by the artist page (the text is kept). */
  serverError?: ActionError | null;
}) {
  const location = useLocation();
  // After a refused post without JavaScript (rendered on the artist's page), success still returns to where the member came from.
  const redirectTo = serverError?.back ?? `${location.pathname}${location.search}`;
  const rateFetcher = useFetcher<ActionError>();
  const commentFetcher = useFetcher<ActionError>();
  const hideFetcher = useFetcher<ActionError>();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const wasCommenting = useRef(false);

  const pendingRating = rateFetcher.formData ? Number(rateFetcher.formData.get("rating")) : null;
  const shownMyRating = pendingRating ?? panel.myRating;
  const summary = pendingRating ? optimisticSummary(panel, pendingRating) : panel;
  const hiddenCommentId = hideFetcher.formData ? Number(hideFetcher.formData.get("commentId")) : null;
  const comments = panel.comments.filter((comment) => comment.id !== hiddenCommentId);
  const commentsCount = panel.commentsCount - (hiddenCommentId && comments.length < panel.comments.length ? 1 : 0);

  // A comment that went through (the action redirected, so the fetcher has no data): clear and collapse.
  useEffect(() => {
    if (commentFetcher.state !== "idle") {
      wasCommenting.current = true;
      return;
    }
    if (wasCommenting.current) {
      wasCommenting.current = false;
      if (!commentFetcher.data?.message) {
        formRef.current?.reset();
        if (detailsRef.current) detailsRef.current.open = false;
      }
    }
  }, [commentFetcher.state, commentFetcher.data]);

  const commentError = clientError ?? commentFetcher.data?.message ?? (serverError?.field === "comment" ? serverError.message : undefined);
  const ratingError = rateFetcher.data?.message ?? (serverError?.field === "rating" ? serverError.message : undefined);
  const commentId = `${idPrefix}artist-${artistId}-comment`;
  const headingId = `${idPrefix}artist-${artistId}-rating-heading`;

  function onCommentSubmit(event: FormEvent<HTMLFormElement>) {
    const text = String(new FormData(event.currentTarget).get("comment") ?? "");
    const problem = validateComment(text);
    setClientError(problem);
    if (problem) event.preventDefault();
  }

  return (
    <section aria-labelledby={headingId} className="mt-4 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm" data-testid="artist-rating-panel">
      <div className="flex flex-wrap justify-between gap-x-2">
        <h4 id={headingId} className="font-semibold">
          Community Rating
        </h4>
        <p>
          <span aria-hidden="true" className="text-amber-500">
            ★{" "}
          </span>
          <b data-testid="average-rating">{formatAverage(summary.averageRating)}</b>{" "}
          <span className="text-slate-500">{`(${ratingsLabel(summary.totalRatings)})`}</span>
        </p>
      </div>

      {viewer.isSignedIn ? (
        <>
          <rateFetcher.Form method="post" action={artistUrls.detail(artistId)} preventScrollReset>
            <input type="hidden" name="intent" value="rate" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            {/* The stars: one text glyph each (no icon markup), labelled for screen readers. */}
            <fieldset className="flex gap-1 text-2xl leading-none text-slate-300">
              <legend className="mb-1 text-sm font-medium">{`Rate ${artistName}`}</legend>
              {[1, 2, 3, 4, 5].map((value) => (
                <button
                  key={value}
                  name="rating"
                  value={value}
                  aria-label={`Rate ${artistName} ${value} star${value === 1 ? "" : "s"}`}
                  aria-pressed={shownMyRating === value}
                  className={shownMyRating !== null && value <= shownMyRating ? "text-amber-500" : "hover:text-amber-400"}
                >
                  ★
                </button>
              ))}
            </fieldset>
            {shownMyRating ? <p className="mt-1 text-xs text-slate-600">{`Your rating: ${shownMyRating}/5`}</p> : null}
            {ratingError ? (
              <p role="alert" className="text-red-700">
                {ratingError}
              </p>
            ) : null}
          </rateFetcher.Form>

          <details ref={detailsRef} open={Boolean(serverError?.field === "comment")} className="group">
            <summary className="cursor-pointer font-medium text-indigo-700">Add a Comment</summary>
            <commentFetcher.Form
              ref={formRef}
              method="post"
              action={artistUrls.detail(artistId)}
              preventScrollReset
              noValidate
              onSubmit={onCommentSubmit}
              className="mt-2 space-y-2"
            >
              <input type="hidden" name="intent" value="comment" />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <label htmlFor={commentId} className="sr-only">
                {`Comment on ${artistName}`}
              </label>
              <textarea
                id={commentId}
                name="comment"
                rows={3}
                defaultValue={serverError?.field === "comment" ? (serverError.comment ?? "") : ""}
                placeholder={`Share your thoughts about ${artistName}...`}
                aria-invalid={commentError ? true : undefined}
                aria-describedby={commentError ? `${commentId}-error` : undefined}
                onInput={() => clientError && setClientError(null)}
                className={`block w-full rounded-md border px-3 py-2 ${commentError ? "border-red-500" : "border-slate-300"}`}
              />
              {commentError ? (
                <p id={`${commentId}-error`} role="alert" className="text-red-700">
                  {commentError}
                </p>
              ) : null}
              <button
                type="submit"
                disabled={commentFetcher.state !== "idle"}
                className="rounded-md bg-indigo-600 px-3 py-1.5 font-semibold text-white hover:bg-indigo-700 disabled:opacity-70"
              >
                {commentFetcher.state !== "idle" ? "Posting..." : "Post Comment"}
              </button>
            </commentFetcher.Form>
          </details>
        </>
      ) : (
        <p className="text-slate-700">
          <Link to="/login" className="font-semibold text-indigo-700 hover:underline">
            Sign in
          </Link>{" "}
          to rate and comment on this artist
        </p>
      )}

      <div>
        <h5 className="font-semibold">{`Comments (${commentsCount})`}</h5>
        {comments.length ? (
          <ul className="mt-2 space-y-2">
            {comments.map((comment) => (
              <CommentItem key={comment.id} comment={comment} artistId={artistId} canModerate={viewer.canModerate} redirectTo={redirectTo} hideFetcher={hideFetcher} />
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-slate-500">No comments yet.</p>
        )}
      </div>
    </section>
  );
}

function CommentItem({
  comment,
  artistId,
  canModerate,
  redirectTo,
  hideFetcher,
}: {
  comment: CardComment;
  artistId: number;
  canModerate: boolean;
  redirectTo: string;
  hideFetcher: ReturnType<typeof useFetcher<ActionError>>;
}) {
  const author = comment.author;
  return (
    <li className="rounded-md bg-white p-2">
      <p className="flex justify-between gap-2">
        <span className="font-medium">{author}</span>
        <time dateTime={comment.createdAt} className="text-xs text-slate-500">
          {dateFormat.format(new Date(comment.createdAt))}
        </time>
      </p>
      <p className="whitespace-pre-line break-words text-slate-700">{comment.comment}</p>
      {canModerate ? (
        <hideFetcher.Form method="post" action={artistUrls.detail(artistId)} preventScrollReset className="mt-1 text-right">
          <input type="hidden" name="intent" value="hide-comment" />
          <input type="hidden" name="commentId" value={comment.id} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" className="text-xs font-medium text-red-700 hover:underline" aria-label={`Hide comment by ${author}`}>
            Hide
          </button>
        </hideFetcher.Form>
      ) : null}
    </li>
  );
}
