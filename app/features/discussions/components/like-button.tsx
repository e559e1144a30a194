import { useFetcher } from "react-router";
import { useIdleFetcher } from "~/components/ui/idle-fetcher";
import { likesLabel } from "../format";
import { useHydrated } from "./use-hydrated";

/** The result a like action answers a script-driven (fetcher) submission with. */
export type LikeActionData = { likeResult?: { postId: number; liked: boolean; likesCount: number }; likeError?: string };

/** An idle fetcher on the server (plain form markup), React Router's in the browser (app/components/ui/idle-fetcher.tsx). */
const usePageFetcher: typeof useFetcher = import.meta.env.SSR ? useIdleFetcher : useFetcher;

/**
 * 'N likes': a POST form (intent like or unlike) that works without JavaScript (the action
 * redirects back); with JavaScript it submits through a fetcher and shows the result at once.
 */
export function LikeButton({ postId, liked, likesCount, action }: { postId: number; liked: boolean; likesCount: number; action: string }) {
  const fetcher = usePageFetcher<LikeActionData>({ key: `like-${postId}` });
  const isHydrated = useHydrated();
  const pendingIntent = fetcher.formData?.get("intent");
  let isLiked = liked;
  let count = likesCount;
  if (pendingIntent === "like" || pendingIntent === "unlike") {
    const wantsLike = pendingIntent === "like";
    if (wantsLike !== liked) count += wantsLike ? 1 : -1;
    isLiked = wantsLike;
  } else if (fetcher.data?.likeResult && fetcher.state === "idle" && fetcher.data.likeResult.liked !== liked) {
    // The fetcher's answer arrived before the page data caught up.
    isLiked = fetcher.data.likeResult.liked;
    count = fetcher.data.likeResult.likesCount;
  }
  const error = fetcher.state === "idle" ? fetcher.data?.likeError : undefined;
  return (
    <fetcher.Form method="post" action={action} className="like">
      <input type="hidden" name="postId" value={postId} />
      {isHydrated ? <input type="hidden" name="_fetcher" value="1" /> : null}
      {/* The intent rides on the button (a submitter's value is sent with and without JavaScript). Its
          look (rose when pressed, the heart a CSS mask before the text) is in app/tailwind.css, "like". */}
      <button type="submit" name="intent" value={isLiked ? "unlike" : "like"} aria-pressed={isLiked} title={isLiked ? "Unlike this post" : "Like this post"}>
        {likesLabel(count)}
      </button>
      {error ? (
        <span role="alert" className="text-sm text-red-700">
          {error}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
