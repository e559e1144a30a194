/** The like/unlike intent both discussion pages handle (cards on /discussions, the post page). */
import { data, redirect } from "react-router";
import { handleRefusal } from "~/utils/page-action.server";
import { redirectWithToast } from "~/utils/toast.server";
import { errorToast } from "~/utils/toast";
import { messages } from "./messages";
import type { LikeActionData } from "./components/like-button";
import type { Actor } from "~/utils/actor";
import { likePost, unlikePost } from "./posts.server";

const LIKE_ERROR = messages.likeFailed;

/**
 * Runs a like or unlike. Without JavaScript the browser gets a redirect back to `returnTo`
 * (post/redirect/get); a fetcher submission (it sends `_fetcher`) gets the new state as data.
 */
export async function handleLikeIntent({ actor, formData, postId, returnTo }: { actor: Actor; formData: FormData; postId: number; returnTo: string }) {
  const isFetcher = formData.get("_fetcher") === "1";
  const intent = formData.get("intent");
  return handleRefusal(
    async () => {
      const likeResult = intent === "unlike" ? await unlikePost({ actor, postId }) : await likePost({ actor, postId });
      return isFetcher ? data<LikeActionData>({ likeResult }) : redirect(returnTo);
    },
    (error) => (isFetcher ? data<LikeActionData>({ likeError: LIKE_ERROR }, { status: error.status }) : redirectWithToast(returnTo, errorToast(LIKE_ERROR))),
  );
}
