/** What /post/:id shows: the post and its reply tree, with member content rendered to safe HTML. */
import { renderMarkdown } from "~/features/content/markdown.server";
import { findPost, listCategories, readerOf, type Actor } from "./posts.server";
import { buildReplyTree, listReplies, MAX_REPLY_DEPTH, type ReplyNode } from "./replies.server";
import type { PostView } from "./views.server";

export type RenderedReply = Omit<ReplyNode, "children" | "content"> & { content: string; html: string; children: RenderedReply[] };

function renderTree(nodes: ReplyNode[]): RenderedReply[] {
  return nodes.map((node) => ({ ...node, html: renderMarkdown(node.content), children: renderTree(node.children) }));
}

/** The post page's data, or null for an unknown post (the route answers 404). */
export function loadPostPage(postId: number, viewer: Actor): {
  post: PostView & { html: string };
  replies: RenderedReply[];
  replyCount: number;
  /** True when the thread has more replies than one page shows (REPLIES_MAX). */
  isTruncated: boolean;
  maxDepth: number;
  viewer: { id: string; canModerate: boolean };
  categories: { id: number; name: string }[];
} | null {
  const reader = readerOf(viewer);
  const post = findPost(postId, reader);
  if (!post) return null;
  const replies = listReplies(postId, { reader });
  return {
    post: { ...post, html: renderMarkdown(post.content) },
    replies: renderTree(buildReplyTree(replies)),
    replyCount: Math.max(post.repliesCount, replies.length),
    isTruncated: post.repliesCount > replies.length,
    maxDepth: MAX_REPLY_DEPTH,
    viewer: reader,
    categories: listCategories().map((category) => ({ id: category.id, name: category.name })),
  };
}
