import { Form } from "react-router";
import { artistUrls } from "../urls";
import type { CardPanel, CardViewer } from "./card-view";
import { CommentFields, CommentList, panelClass, RatingSummary, SignInPrompt, StarButtons } from "./artist-shell";
import { Button } from "~/components/ui/button";

/**
 * The dashboard's artist rating section: the same markup, texts and forms as RatingPanel, without
 * its client state (fetchers, optimistic average, client-side comment check), so the dashboard
 * ships less JavaScript. The forms are React Router <Form>s posting to the artist's page: without
 * JavaScript a plain POST, with it a client-side submission; either way the action redirects back
 * to the dashboard with a toast and the fresh data, and a refused comment is shown on the artist's
 * page with the text kept. The comment form is keyed by the comment count, so a posted comment
 * clears and collapses it.
 */
export function DashboardRatingPanel({ artistId, artistName, panel, viewer }: { artistId: number; artistName: string; panel: CardPanel; viewer: CardViewer }) {
  const headingId = `dashboard-artist-${artistId}-rating-heading`;
  const commentId = `dashboard-artist-${artistId}-comment`;
  const back = "/";
  return (
    <section aria-labelledby={headingId} className={panelClass}>
      <RatingSummary headingId={headingId} headingLevel={4} artistName={artistName} averageRating={panel.averageRating} totalRatings={panel.totalRatings} />
      {viewer.isSignedIn ? (
        <>
          <Form method="post" action={artistUrls.detail(artistId)} preventScrollReset>
            <input type="hidden" name="intent" value="rate" />
            <input type="hidden" name="redirectTo" value={back} />
            <StarButtons name={artistName} myRating={panel.myRating} />
            {panel.myRating ? <p>{`Your rating: ${panel.myRating}/5`}</p> : null}
          </Form>
          <details key={panel.commentsCount}>
            <summary>Add a Comment</summary>
            <Form method="post" action={artistUrls.detail(artistId)} preventScrollReset noValidate>
              <CommentFields id={commentId} artistName={artistName} redirectTo={back} />
              <Button size="sm">Post Comment</Button>
            </Form>
          </details>
        </>
      ) : (
        <SignInPrompt />
      )}
      <CommentList artistId={artistId} count={panel.commentsCount} comments={panel.comments} canModerate={viewer.canModerate} redirectTo={back} HideForm={Form} headingLevel={4} />
    </section>
  );
}
