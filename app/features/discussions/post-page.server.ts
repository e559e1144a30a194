/** What /post/:id shows: the post and its reply tree, with member content rendered to safe HTML. */
import { blockedIdsOf } from "~/features/blocks/index.server";
import { renderMarkdown } from "~/features/content/index.server";
import type { Actor } from "~/utils/actor";
import { findPost, listCategories, readerOf } from "./posts.server";
import { buildReplyTree, listReplies, MAX_REPLY_DEPTH, replyLink, type ReplyNode } from "./replies.server";
import { quoteMarkdown, quoteTargetOf } from "./quote";
import { listRelatedPosts } from "./related.server";
import { hiddenLabelOf, hiddenTexts, type PostView, type Reader, type ReplyView } from "./views.server";
import { missingUploadHashes } from "~/features/uploads/index.server";
import { uploadedImagesIn, uploadHashesIn } from "~/utils/upload-urls";

/** A picture a moderator may remove from a post or reply (docs/uploads.md, "Moderators"). */
export type RemovablePicture = { hash: string; url: string; alt: string };

/** The pictures of a text that still exist, for moderators only (the 'Remove picture' confirmation). */
function picturesOf(content: string, reader: Reader, removed: ReadonlySet<string>): RemovablePicture[] {
  if (!reader.canModerate) return [];
  return uploadedImagesIn(content).filter((image) => !removed.has(image.hash));
}

function quoteOf(post: PostView, replies: ReplyView[], target: "post" | number | null): string | null {
  if (target === "post") return quoteMarkdown({ username: post.author.username, link: `/post/${post.id}`, text: post.content });
  const reply = target === null ? undefined : replies.find((candidate) => candidate.id === target);
  if (!reply) return null;
  return quoteMarkdown({ username: reply.author.username, link: replyLink(post.id, reply.id), text: reply.content });
}

export type RenderedReply = Omit<ReplyNode, "children" | "content"> & {
  content: string;
  html: string;
  /** Written by a member the viewer blocked: shown collapsed (docs/moderation.md, "Blocking"). */
  isFromBlockedMember: boolean;
  /** The author's and moderators' mark on a hidden reply; null for others (they get the notice as its html). */
  hiddenLabel: string | null;
  /** Hidden and this reader may not see it. */
  isWithheld: boolean;
  /** Its pictures, for a moderator's 'Remove picture'; empty for others. */
  pictures: RemovablePicture[];
  children: RenderedReply[];
};

const mayRead = (authorId: string, reader: Reader) => reader.canModerate || reader.id === authorId;

function renderTree(nodes: ReplyNode[], reader: Reader, blockedIds: ReadonlySet<string>, removedPictures: ReadonlySet<string>): RenderedReply[] {
  return nodes.map((node) => {
    const isWithheld = node.isHidden && !mayRead(node.authorId, reader);
    return {
      ...node,
      html: isWithheld ? `<p><em>${hiddenTexts.reply}</em></p>` : renderMarkdown(node.content, { removedPictures }),
      hiddenLabel: isWithheld ? null : hiddenLabelOf(node.hiddenReason),
      isWithheld,
      isFromBlockedMember: blockedIds.has(node.authorId),
      pictures: isWithheld ? [] : picturesOf(node.content, reader, removedPictures),
      children: renderTree(node.children, reader, blockedIds, removedPictures),
    };
  });
}

/**
 * The post page's data, or null for an unknown post (the route answers 404). `quote` (the
 * `?quote=` of a 'Quote' link with JavaScript off) pre-fills the reply form with a Markdown quote
 * of the post or of one of its replies (docs/discussions.md, "Quotes"). The replies, blocks and
 * pictures are still read through their synchronous helpers (decision 0102).
 */
export async function loadPostPage(
  postId: number,
  viewer: Actor,
  { quote = null }: { quote?: string | null } = {},
): Promise<{
  post: PostView & { html: string; hiddenLabel: string | null; isWithheld: boolean; isFromBlockedMember: boolean; pictures: RemovablePicture[] };
  replies: RenderedReply[];
  replyCount: number;
  /** True when the thread has more replies than one page shows (REPLIES_MAX). */
  isTruncated: boolean;
  maxDepth: number;
  viewer: { id: string; canModerate: boolean };
  categories: { id: number; name: string }[];
  quote: string | null;
  related: { id: number; title: string; repliesCount: number; authorName: string }[];
} | null> {
  const reader = readerOf(viewer);
  const post = await findPost(postId, reader);
  if (!post) return null;
  const replies = await listReplies(postId, { reader });
  const blockedIds = await blockedIdsOf(viewer.id);
  // Pictures removed since the text was written show as a placeholder (one query, only when the thread has pictures).
  const removedPictures = await missingUploadHashes([post.content, ...replies.map((reply) => reply.content)].flatMap(uploadHashesIn));
  return {
    post: {
      ...post,
      html: renderMarkdown(post.content, { removedPictures }),
      pictures: picturesOf(post.content, reader, removedPictures),
      isFromBlockedMember: blockedIds.has(post.authorId),
      ...(post.isHidden && !mayRead(post.authorId, reader) ? { hiddenLabel: null, isWithheld: true } : { hiddenLabel: hiddenLabelOf(post.hiddenReason), isWithheld: false }),
    },
    replies: renderTree(buildReplyTree(replies), reader, blockedIds, removedPictures),
    replyCount: Math.max(post.repliesCount, replies.length),
    isTruncated: post.repliesCount > replies.length,
    maxDepth: MAX_REPLY_DEPTH,
    viewer: reader,
    categories: (await listCategories()).map((category) => ({ id: category.id, name: category.name })),
    quote: quoteOf(post, replies, quoteTargetOf(quote)),
    related: (await listRelatedPosts({ post, viewerId: viewer.id }))
      .filter((related) => !blockedIds.has(related.authorId))
      .map((related) => ({ id: related.id, title: related.title, repliesCount: related.repliesCount, authorName: related.author.displayName })),
  };
}
