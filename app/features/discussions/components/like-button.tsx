import { useFetcher } from "@remix-run/react";
import { likesLabel } from "../format";
import { useHydrated } from "./use-hydrated";

/** The result a like action answers a script-driven (fetcher) submission with. */
export type LikeActionData = { likeResult?: { postId: number; liked: boolean; likesCount: number }; likeError?: string };

/**
 * 'N likes': a POST form (intent like or unlike) that works without JavaScript (the action
 * redirects back); with JavaScript it submits through a fetcher and shows the result at once.
 */
type LikeButtonProps = { postId: number; liked: boolean; likesCount: number; action: string };

/**
 * On the server the form is plain markup, the same a fetcher's form renders before any click
 * (an absolute action, nothing pending): the fetcher's hooks cost a first view ~20 route
 * resolutions per list page for nothing (docs/performance.md, "Cheap links"). `import.meta.env.SSR`
 * is a constant per bundle, so each side always runs the same hooks.
 */
export function LikeButton(props: LikeButtonProps) {
  return import.meta.env.SSR && props.action.startsWith("/") ? <StaticLikeForm {...props} /> : <LiveLikeButton {...props} />;
}

function StaticLikeForm({ postId, liked, likesCount, action }: LikeButtonProps) {
  return (
    <form method="post" action={action} className="like">
      <input type="hidden" name="postId" value={postId} />
      <button type="submit" name="intent" value={liked ? "unlike" : "like"} aria-pressed={liked} title={liked ? "Unlike this post" : "Like this post"}>
        {likesLabel(likesCount)}
      </button>
    </form>
  );
}

function LiveLikeButton({ postId, liked, likesCount, action }: LikeButtonProps) {
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
