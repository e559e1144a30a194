/** The dashboard's 'Recent Discussions' card data (the first 3 posts of the list). */
import { blockedIdsOf } from "~/features/blocks/index.server";
import { listPosts } from "./posts.server";

export const RECENT_DISCUSSIONS_COUNT = 3;

export type RecentDiscussion = {
  id: number;
  title: string;
  excerpt: string;
  likesCount: number;
  repliesCount: number;
  isPinned: boolean;
  createdAt: Date;
  category: { name: string; colorClass: string; iconClass: string } | null;
  authorName: string;
  /** By a member the viewer blocked: the card collapses it (docs/moderation.md, "Blocking"). */
  isFromBlockedMember: boolean;
};

/** The first 3 posts (pinned first, then newest), with 200-character plain-text excerpts. */
export async function loadRecentDiscussions(viewerId = ""): Promise<{ posts: RecentDiscussion[] }> {
  const { posts } = await listPosts({ viewerId, limit: RECENT_DISCUSSIONS_COUNT });
  const blockedIds = await blockedIdsOf(viewerId);
  return {
    posts: posts.map((post) => ({
      id: post.id,
      title: post.title,
      excerpt: post.excerpt,
      likesCount: post.likesCount,
      repliesCount: post.repliesCount,
      isPinned: post.isPinned,
      createdAt: post.createdAt,
      category: post.category ? { name: post.category.name, colorClass: post.category.colorClass, iconClass: post.category.iconClass } : null,
      authorName: post.author.displayName || post.author.firstName || "Community Member",
      isFromBlockedMember: blockedIds.has(post.authorId),
    })),
  };
}
