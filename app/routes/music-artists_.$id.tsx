import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { addComment, getArtist, hideComment, rateArtist, withPanels } from "~/features/artists/index.server";
import { ArtistCard } from "~/features/artists/components/artist-card";
import { renderCommentReport } from "~/features/reports/components/report-link";
import { toCardView } from "~/features/artists/components/card-view";
import { blockedIdsOf } from "~/features/blocks/index.server";
import { artistUrls } from "~/features/artists";
import { replacingHistory, safeRedirectPath } from "~/utils/url";
import { getOptionalUser, requireUser, userCan } from "~/features/auth/index.server";
import { forbidden } from "~/utils/errors.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";
import { successToast } from "~/utils/toast";
import { handlePage, readFormData, readIdField, readIdParam } from "~/utils/http.server";
import { dispatchIntent, formFailure, formResult, handleRefusal } from "~/utils/page-action.server";
import { failureMessage } from "~/components/ui/form-failure";

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, matches }) =>
  pageMeta(loaderData?.artist.name ?? "AI Music Artist", matches, loaderData?.artist.description ?? undefined);

/** An artist's own page: public, so visitors see the read-only rating panel. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  const artist = await loadArtist(params.id);
  const [card] = await withPanels([artist], user?.id ?? null);
  return {
    artist: toCardView(card, await blockedIdsOf(user?.id ?? "")),
    viewer: { isSignedIn: Boolean(user), canModerate: userCan(user, "content:moderate") },
  };
}

function loadArtist(id: string | undefined) {
  return handlePage(() => getArtist(readIdParam(id, "Artist")));
}

/**
 * The rating panel's forms post here (intent rate | comment | hide-comment). Success redirects back
 * to the page the panel was on with a toast; bad input answers 400 with the message and the text kept.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const artist = await loadArtist(params.id);
  const formData = await readFormData(request);
  const back = safeRedirectPath(formData.get("redirectTo"), artistUrls.detail(artist.id));
  const backToCard = back.includes("#") ? back : `${back}#${artistUrls.card(artist.id)}`;
  const comment = String(formData.get("comment") ?? "");
  const success = async (description: string) => replacingHistory(await redirectWithToast(backToCard, successToast(description)));
  /** A refusal: the message beside `field` ("" = above the card), the comment and the way back kept. */
  const refused =
    <Intent extends string>(intent: Intent, field: string, work: () => Promise<Response>) =>
    () =>
      handleRefusal(work, (error) => formFailure({ intent, result: formResult({ comment, redirectTo: back }, { [field]: [error.message] }) }, { status: error.status, headers: error.headers }));
  return dispatchIntent(formData, {
    rate: refused("rate", "rating", async () => {
      const result = await rateArtist({ userId: user.id, artistId: artist.id, input: { rating: formData.get("rating") } });
      return success(`You rated ${artist.name} ${result.rating}/5.`);
    }),
    comment: refused("comment", "comment", async () => {
      await addComment({ userId: user.id, artistId: artist.id, input: { comment } });
      return success("Comment posted successfully!");
    }),
    "hide-comment": refused("hide-comment", "", async () => {
      if (!userCan(user, "content:moderate")) throw forbidden();
      await hideComment({ actor: user, commentId: readIdField(formData, "commentId", "Comment") });
      return success("Comment hidden");
    }),
  });
}

export default function ArtistPage() {
  const { artist, viewer } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Members see it inside the app shell's <main>; visitors get the page's own landmark.
  const Wrapper = viewer.isSignedIn ? "div" : "main";
  return (
    <Wrapper id={viewer.isSignedIn ? undefined : "main"} tabIndex={viewer.isSignedIn ? undefined : -1} className="mx-auto max-w-2xl px-4 py-6 focus:outline-none">
      {viewer.isSignedIn ? (
        <AppLink to={artistUrls.list} className="text-sm font-medium text-indigo-700 hover:underline">
          ← All AI Music Artists
        </AppLink>
      ) : null}
      <h1 className="sr-only">{artist.name}</h1>
      {failureMessage(actionData) ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {failureMessage(actionData)}
        </p>
      ) : null}
      <div className="mt-3">
        <ArtistCard artist={artist} viewer={viewer} headingLevel={2} serverError={actionData ?? null} renderReport={renderCommentReport} />
      </div>
    </Wrapper>
  );
}
