import { MentionSuggestions } from "~/components/ui/mention-suggestions";
import { useFetcher, useLocation, useNavigation } from "react-router";
import { useIdleFetcher } from "~/components/ui/idle-fetcher";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { failureMessage, type FormFailure } from "~/components/ui/form-failure";
import { COMMENT_MAX_LENGTH } from "../constants";
import { artistUrls } from "../urls";
import type { CardComment, CardPanel, CardViewer } from "./card-view";
import { CommentFields, CommentList, panelClass, RatingSummary, SignInPrompt, StarButtons, type PanelHeadingLevel } from "./artist-shell";
import { buttonClass } from "~/components/ui/button";
import { useIsPending } from "~/components/ui/use-is-pending";

/** An idle fetcher on the server (plain form markup), React Router's in the browser (app/components/ui/idle-fetcher.tsx). */
const usePageFetcher: typeof useFetcher = import.meta.env.SSR ? useIdleFetcher : useFetcher;

export type PanelViewer = CardViewer;
/** The artist page's failed form (intent rate | comment | hide-comment; `redirectTo` and `comment` kept). */
type ActionError = FormFailure;

/** The average after the viewer's new rating, for the optimistic view. */
function optimisticSummary(panel: CardPanel, next: number) {
  const total = panel.totalRatings;
  if (panel.myRating === null) return { averageRating: (panel.averageRating * total + next) / (total + 1), totalRatings: total + 1 };
  if (total === 0) return { averageRating: next, totalRatings: 1 };
  return { averageRating: (panel.averageRating * total - panel.myRating + next) / total, totalRatings: total };
}

/** A value the failed form kept (a string, else undefined). */
function keptValue(failure: ActionError | null | undefined, name: string): string | undefined {
  const value = failure?.result.initialValue?.[name];
  return typeof value === "string" ? value : undefined;
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
  headingLevel = 4,
  serverError,
  renderReport,
}: {
  artistId: number;
  artistName: string;
  panel: CardPanel;
  viewer: PanelViewer;
  idPrefix?: string;
  /** One below the card's heading. */
  headingLevel?: PanelHeadingLevel;
  /** A rejected no-JavaScript post, rendered by the artist page (the text is kept). */
  serverError?: ActionError | null;
  /** 'Report' on each comment (signed-in members), given by the page so pages without it stay light. */
  renderReport?: (comment: CardComment) => ReactNode;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  // Where success returns to: this page, or, while a search of this page is loading, the searched
  // page (so the rating's redirect does not undo the search). After a refused post without
  // JavaScript (rendered on the artist's page), it returns to where the member came from.
  const pending = navigation.state === "loading" && (navigation.formMethod ?? "GET").toUpperCase() === "GET" && navigation.location.pathname === location.pathname ? navigation.location : null;
  const redirectTo = keptValue(serverError, "redirectTo") ?? `${location.pathname}${(pending ?? location).search}`;
  const rateFetcher = usePageFetcher<ActionError>();
  const commentFetcher = usePageFetcher<ActionError>();
  const isPostingComment = useIsPending({ fetcher: commentFetcher });
  const hideFetcher = usePageFetcher<ActionError>();
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
      if (!failureMessage(commentFetcher.data, "comment")) {
        formRef.current?.reset();
        if (detailsRef.current) detailsRef.current.open = false;
      }
    }
  }, [commentFetcher.state, commentFetcher.data]);

  const commentError = clientError ?? failureMessage(commentFetcher.data, "comment") ?? failureMessage(serverError, "comment");
  const ratingError = failureMessage(rateFetcher.data, "rating") ?? failureMessage(serverError, "rating");
  const commentId = `${idPrefix}artist-${artistId}-comment`;
  const headingId = `${idPrefix}artist-${artistId}-rating-heading`;

  function onCommentSubmit(event: FormEvent<HTMLFormElement>) {
    const text = String(new FormData(event.currentTarget).get("comment") ?? "");
    const problem = validateComment(text);
    setClientError(problem);
    if (problem) event.preventDefault();
  }

  return (
    <section aria-labelledby={headingId} className={panelClass}>
      <RatingSummary headingId={headingId} headingLevel={headingLevel} artistName={idPrefix ? `${artistName} (${idPrefix.replace(/-$/, "")})` : artistName} averageRating={summary.averageRating} totalRatings={summary.totalRatings} />

      {viewer.isSignedIn ? (
        <>
          <rateFetcher.Form method="post" action={artistUrls.detail(artistId)} preventScrollReset>
            <input type="hidden" name="intent" value="rate" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <StarButtons name={artistName} myRating={shownMyRating} />
            {shownMyRating ? <p>{`Your rating: ${shownMyRating}/5`}</p> : null}
            {ratingError ? <p role="alert">{ratingError}</p> : null}
          </rateFetcher.Form>

          <details ref={detailsRef} open={serverError?.intent === "comment"}>
            <summary>Add a Comment</summary>
            <commentFetcher.Form ref={formRef} method="post" action={artistUrls.detail(artistId)} preventScrollReset noValidate onSubmit={onCommentSubmit}>
              <CommentFields
                id={commentId}
                artistName={artistName}
                redirectTo={redirectTo}
                defaultValue={serverError?.intent === "comment" ? (keptValue(serverError, "comment") ?? "") : ""}
                error={commentError}
                onInput={() => clientError && setClientError(null)}
              />
              <MentionSuggestions textareaId={commentId} />
              {commentError ? (
                <p id={`${commentId}-error`} role="alert">
                  {commentError}
                </p>
              ) : null}
              <button type="submit" disabled={isPostingComment} className={buttonClass("primary", "sm")}>
                {isPostingComment ? "Posting..." : "Post Comment"}
              </button>
            </commentFetcher.Form>
          </details>
        </>
      ) : (
        <SignInPrompt />
      )}

      <CommentList
        artistId={artistId}
        count={commentsCount}
        comments={comments}
        canModerate={viewer.canModerate}
        renderReport={viewer.isSignedIn ? renderReport : undefined}
        redirectTo={redirectTo}
        HideForm={hideFetcher.Form}
        headingLevel={headingLevel}
      />
    </section>
  );
}
