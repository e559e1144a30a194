import { useFetcher } from "@remix-run/react";
import { likesLabel } from "../format";
import { useHydrated } from "./use-hydrated";

/** The result a like action answers a script-driven (fetcher) submission with. */
export type LikeActionData = { likeResult?: { postId: number; liked: boolean; likesCount: number }; likeError?: string };

/**
 * 'N likes': a POST form (intent like or unlike) that works without JavaScript (the action
 * redirects back); with JavaScript it submits through a fetcher and shows the result at once.
 */
export function LikeButton({ postId, liked, likesCount, action }: { postId: number; liked: boolean; likesCount: number; action: string }) {
  const fetcher = useFetcher<LikeActionData>({ key: `like-${postId}` });
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
    <fetcher.Form method="post" action={action} className="inline-flex items-center gap-2">
      <input type="hidden" name="postId" value={postId} />
      <input type="hidden" name="intent" value={isLiked ? "unlike" : "like"} />
      {isHydrated ? <input type="hidden" name="_fetcher" value="1" /> : null}
      <button
        type="submit"
        aria-pressed={isLiked}
        title={isLiked ? "Unlike this post" : "Like this post"}
        className={`inline-flex items-center gap-1.5 rounded-md border px-3 py-1.5 text-sm font-medium ${
          isLiked ? "border-rose-300 bg-rose-50 text-rose-700 hover:bg-rose-100" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
        }`}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill={isLiked ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2">
          <path d="M12 21s-7.5-4.6-9.5-9.1C1.1 8.6 3.2 5 6.7 5c2 0 3.4 1.1 4.3 2.5h2C13.9 6.1 15.3 5 17.3 5c3.5 0 5.6 3.6 4.2 6.9C19.5 16.4 12 21 12 21Z" />
        </svg>
        <span>{likesLabel(count)}</span>
      </button>
      {error ? (
        <span role="alert" className="text-sm text-red-700">
          {error}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
