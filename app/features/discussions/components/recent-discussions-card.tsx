import { AppLink } from "~/components/ui/app-link";
import { BlockedContent } from "~/features/blocks/components/blocked-content";
import { routes } from "~/utils/routes";
import { countLabel } from "~/utils/plural";
import type { RecentDiscussion as RecentDiscussionData } from "../dashboard.server";

/** A post as the card shows it (dashboard.server.ts shapes it; a post by a blocked member collapses). */
type RecentDiscussion = Omit<RecentDiscussionData, "createdAt" | "isFromBlockedMember"> & { isFromBlockedMember?: boolean };

/** Dashboard card 'Recent Discussions': the first 3 posts, excerpt, category tag, likes and replies, 'View All'. */
export function RecentDiscussionsCard({ posts }: { posts: RecentDiscussion[] }) {
  return (
    <section aria-labelledby="recent-discussions-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <h2 id="recent-discussions-heading" className="text-lg font-semibold text-slate-900">
          Recent Discussions
        </h2>
        <AppLink to={routes.discussions} className="text-sm font-semibold text-indigo-700 hover:underline">
          View All
        </AppLink>
      </div>
      {posts.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">
          No discussions yet.{" "}
          <AppLink to={routes.discussions} className="font-medium text-indigo-700 hover:underline">
            Start the first one
          </AppLink>
          .
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {posts.map((post) => (
            <li key={post.id} className="py-3 first:pt-0 last:pb-0">
              <BlockedContent kind="post" isCollapsed={Boolean(post.isFromBlockedMember)}>
                <div className="flex flex-wrap items-center gap-2">
                  {post.isPinned ? <PinnedBadge /> : null}{" "}
                  <CategoryBadge category={post.category} />
                </div>
                <h3 className="mt-1 font-semibold text-slate-900">
                  <AppLink to={routes.post(post.id)} className="hover:text-indigo-700 hover:underline">
                    {post.title}
                  </AppLink>
                </h3>
                <p className="mt-1 break-words text-sm text-slate-600">{post.excerpt}</p>
                <p className="mt-2 flex gap-4 text-xs text-slate-500">
                  <span>by {post.authorName}</span> <span>{countLabel(post.likesCount, "like")}</span>{" "}
                  <span>{countLabel(post.repliesCount, "reply", "replies")}</span>
                </p>
              </BlockedContent>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// The post tags as post-meta's CategoryBadge and PinnedBadge draw them: a copy, so the dashboard
// loads neither post-meta nor a separate chunk for two spans.
function CategoryBadge({ category }: { category: RecentDiscussion["category"] }) {
  if (!category) return null;
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${category.colorClass}`}>
      {category.iconClass ? <span aria-hidden="true">{category.iconClass}</span> : null}
      {category.name}
    </span>
  );
}

function PinnedBadge() {
  return <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800">📌 Pinned</span>;
}
