import { AppLink } from "~/components/ui/app-link";
import { routes } from "~/utils/routes";
import { repliesLabel } from "../format";
import { LikeButton } from "./like-button";
import { AuthorLine, PostBadges } from "./post-meta";

export type PostCardData = {
  id: number;
  title: string;
  excerpt: string;
  isPinned: boolean;
  likesCount: number;
  repliesCount: number;
  isLiked: boolean;
  /** Only the author and moderators get hidden posts in their list, with this mark (docs/moderation.md). */
  hiddenLabel?: string | null;
  createdAt: Date | string | number;
  category: { name: string; colorClass: string; iconClass: string } | null;
  /** The list sends the shown name as displayName, without first and last name. */
  author: { id: string; displayName: string; firstName?: string; lastName?: string; profileImageUrl: string | null; role: string };
};

/**
 * One discussion in the list: pinned mark, category, title (to the post), excerpt, author, likes
 * and replies. The markup is bare on purpose (twenty per page): the card's one class styles its
 * parts by position in app/tailwind.css ("post-card"), see docs/performance.md, "Page weight".
 */
/** `discoverAuthor={false}` when an earlier card links to the same member (data-discover once per path: docs/performance.md). */
export function PostCard({ post, likeAction, discoverAuthor = true }: { post: PostCardData; likeAction: string; discoverAuthor?: boolean }) {
  const titleId = `p${post.id}`;
  return (
    <article aria-labelledby={titleId} data-testid="post-card" className="post-card">
      <div>
        <PostBadges isPinned={post.isPinned} category={post.category} hiddenLabel={post.hiddenLabel} />
      </div>
      <h2 id={titleId}>
        <AppLink to={routes.post(post.id)}>{post.title}</AppLink>
      </h2>
      <p>{post.excerpt}</p>
      <footer>
        <AuthorLine author={post.author} date={post.createdAt} discover={discoverAuthor ? undefined : "none"} />
        <div>
          <LikeButton postId={post.id} liked={post.isLiked} likesCount={post.likesCount} action={likeAction} />{" "}
          {/* The title's link already lets Remix discover /post/:id: this one need not. */}
          <AppLink to={`${routes.post(post.id)}#replies`} discover="none">
            {repliesLabel(post.repliesCount)}
          </AppLink>
        </div>
      </footer>
    </article>
  );
}

/**
 * Whether this card is the list's first by its author: only that card's author link carries
 * React Router's data-discover (one is enough to discover /members/:id for that path; docs/performance.md, "data-discover once per path").
 */
export function isFirstCardOfAuthor(posts: ReadonlyArray<{ author: { id: string } }>, index: number): boolean {
  const authorId = posts[index].author.id;
  return posts.findIndex((post) => post.author.id === authorId) === index;
}

export function PostCardSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse rounded-xl border border-slate-200 bg-white p-5">
      <div className="h-4 w-24 rounded bg-slate-200" />
      <div className="mt-3 h-5 w-2/3 rounded bg-slate-200" />
      <div className="mt-2 h-4 w-full rounded bg-slate-100" />
      <div className="mt-1 h-4 w-5/6 rounded bg-slate-100" />
    </div>
  );
}
