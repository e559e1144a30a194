/** What /post/:id shows: the post and its reply tree, with member content rendered to safe HTML. */
import { blockedIdsOf } from "~/features/blocks/blocks.server";
import { renderMarkdown } from "~/features/content/markdown.server";
import { canModerate, findPost, listCategories, type Actor } from "./posts.server";
import { buildReplyTree, listReplies, MAX_REPLY_DEPTH, type ReplyNode } from "./replies.server";
import type { PostView } from "./views.server";

export type RenderedReply = Omit<ReplyNode, "children" | "content"> & {
  content: string;
  html: string;
  /** Written by a member the viewer blocked: shown collapsed (docs/moderation.md, "Blocking"). */
  isFromBlockedMember: boolean;
  children: RenderedReply[];
};

function renderTree(nodes: ReplyNode[], blockedIds: ReadonlySet<string>): RenderedReply[] {
  return nodes.map((node) => ({
    ...node,
    html: renderMarkdown(node.content),
    isFromBlockedMember: blockedIds.has(node.authorId),
    children: renderTree(node.children, blockedIds),
  }));
}

/** The post page's data, or null for an unknown post (the route answers 404). */
export function loadPostPage(postId: number, viewer: Actor): {
  post: PostView & { html: string; isFromBlockedMember: boolean };
  replies: RenderedReply[];
  replyCount: number;
  /** True when the thread has more replies than one page shows (REPLIES_MAX). */
  isTruncated: boolean;
  maxDepth: number;
  viewer: { id: string; canModerate: boolean };
  categories: { id: number; name: string }[];
} | null {
  const post = findPost(postId, viewer.id);
  if (!post) return null;
  const replies = listReplies(postId);
  const blockedIds = blockedIdsOf(viewer.id);
  return {
    post: { ...post, html: renderMarkdown(post.content), isFromBlockedMember: blockedIds.has(post.authorId) },
    replies: renderTree(buildReplyTree(replies), blockedIds),
    replyCount: Math.max(post.repliesCount, replies.length),
    isTruncated: post.repliesCount > replies.length,
    maxDepth: MAX_REPLY_DEPTH,
    viewer: { id: viewer.id, canModerate: canModerate(viewer) },
    categories: listCategories().map((category) => ({ id: category.id, name: category.name })),
  };
}
