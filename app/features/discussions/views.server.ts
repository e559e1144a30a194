/**
 * How discussion data leaves the server: shaped views, never raw rows. Authors carry their
 * public fields only (never an e-mail or a password hash).
 */
import { excerptOf } from "~/features/content/markdown.server";
import { avatarSources } from "~/utils/upload-urls";

export type PublicAuthor = {
  id: string;
  firstName: string;
  lastName: string;
  displayName: string;
  username: string;
  profileImageUrl: string | null;
  /** The author's avatar (docs/uploads.md) or null for the initials. */
  avatarUrl: string | null;
  role: "member" | "moderator" | "admin";
};

export type PostCategory = { id: number; name: string; colorClass: string; iconClass: string };

/** The post read form: the post, its category (name, colorClass) and author, plus the viewer's like. */
export type PostView = {
  id: number;
  title: string;
  content: string;
  excerpt: string;
  authorId: string;
  categoryId: number | null;
  likesCount: number;
  repliesCount: number;
  isPinned: boolean;
  createdAt: Date;
  updatedAt: Date;
  category: PostCategory | null;
  author: PublicAuthor;
  /** Whether the member asking has liked it. */
  isLiked: boolean;
  /** Hidden by a moderator or by members' reports (docs/moderation.md); others get it withheld. */
  isHidden: boolean;
  hiddenReason: HiddenReason | null;
};

export type HiddenReason = "moderator" | "reports";

/**
 * The texts of hidden content (docs/moderation.md), sent as data rather than shipped in the
 * pages' scripts (the post page has no bytes to spare: docs/decisions/0065).
 */
export const hiddenTexts = {
  /** What others see in place of hidden content. */
  post: "This post was hidden by a moderator",
  reply: "This reply was hidden by a moderator",
  /** What the author and moderators see on it. */
  moderator: "Hidden by a moderator",
  reports: "Hidden after reports, until a moderator decides",
} as const;

/** The mark the author and moderators see on hidden content, or null. */
export function hiddenLabelOf(reason: HiddenReason | null): string | null {
  return reason ? hiddenTexts[reason] : null;
}

/** Who reads: hidden content is shown to its author and to moderators only. */
export type Reader = { id: string; canModerate: boolean };

export type ReplyView = {
  id: number;
  content: string;
  postId: number;
  authorId: string;
  parentReplyId: number | null;
  likesCount: number;
  createdAt: Date;
  updatedAt: Date | null;
  author: PublicAuthor;
  isHidden: boolean;
  hiddenReason: HiddenReason | null;
};

/** The columns every post query selects (aliases match PostRow). */
export const POST_COLUMNS = `
  p.id, p.title, p.content, p.author_id AS authorId, p.category_id AS categoryId,
  p.likes_count AS likesCount, p.replies_count AS repliesCount, p.is_pinned AS isPinned,
  p.created_at AS createdAt, p.updated_at AS updatedAt, p.hidden_reason AS hiddenReason,
  c.name AS categoryName, c.color_class AS categoryColorClass, c.icon_class AS categoryIconClass,
  u.first_name AS authorFirstName, u.last_name AS authorLastName, u.display_name AS authorDisplayName, u.username AS authorUsername,
  u.profile_image_url AS authorProfileImageUrl, u.role AS authorRole`;

export const POST_JOINS = `
  FROM posts p
  JOIN users u ON u.id = p.author_id
  LEFT JOIN categories c ON c.id = p.category_id`;

export type AuthorColumns = {
  authorId: string;
  authorFirstName: string;
  authorLastName: string;
  authorDisplayName: string;
  authorUsername: string;
  authorProfileImageUrl: string | null;
  authorRole: PublicAuthor["role"];
};

export type PostRow = AuthorColumns & {
  id: number;
  title: string;
  content: string;
  categoryId: number | null;
  likesCount: number;
  repliesCount: number;
  isPinned: number;
  createdAt: number;
  updatedAt: number;
  categoryName: string | null;
  categoryColorClass: string | null;
  categoryIconClass: string | null;
  isLiked?: number;
  hiddenReason: HiddenReason | null;
};

export function toPublicAuthor(row: AuthorColumns): PublicAuthor {
  return {
    id: row.authorId,
    firstName: row.authorFirstName,
    lastName: row.authorLastName,
    displayName: row.authorDisplayName,
    username: row.authorUsername,
    profileImageUrl: row.authorProfileImageUrl,
    avatarUrl: avatarSources(row.authorProfileImageUrl) ? row.authorProfileImageUrl : null,
    role: row.authorRole,
  };
}

export function toPostView(row: PostRow): PostView {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    excerpt: excerptOf(row.content),
    authorId: row.authorId,
    categoryId: row.categoryId,
    likesCount: row.likesCount,
    repliesCount: row.repliesCount,
    isPinned: Boolean(row.isPinned),
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    category:
      row.categoryId !== null && row.categoryName !== null
        ? { id: row.categoryId, name: row.categoryName, colorClass: row.categoryColorClass ?? "", iconClass: row.categoryIconClass ?? "" }
        : null,
    author: toPublicAuthor(row),
    isLiked: Boolean(row.isLiked),
    isHidden: row.hiddenReason !== null,
    hiddenReason: row.hiddenReason,
  };
}

function mayReadHidden(authorId: string, reader: Reader | undefined): boolean {
  return Boolean(reader && (reader.canModerate || reader.id === authorId));
}

/** A hidden post as others see it: the notice in place of its title, no content. */
export function postForReader(post: PostView, reader: Reader | undefined): PostView {
  if (!post.isHidden || mayReadHidden(post.authorId, reader)) return post;
  return { ...post, title: hiddenTexts.post, content: "", excerpt: "" };
}

/** A hidden reply as others see it: no content (the page shows the notice). */
export function replyForReader(reply: ReplyView, reader: Reader | undefined): ReplyView {
  if (!reply.isHidden || mayReadHidden(reply.authorId, reader)) return reply;
  return { ...reply, content: "" };
}

export const REPLY_COLUMNS = `
  r.id, r.content, r.post_id AS postId, r.author_id AS authorId, r.parent_reply_id AS parentReplyId,
  r.likes_count AS likesCount, r.created_at AS createdAt, r.updated_at AS updatedAt, r.hidden_reason AS hiddenReason,
  u.first_name AS authorFirstName, u.last_name AS authorLastName, u.display_name AS authorDisplayName, u.username AS authorUsername,
  u.profile_image_url AS authorProfileImageUrl, u.role AS authorRole`;

export type ReplyRow = AuthorColumns & {
  id: number;
  content: string;
  postId: number;
  parentReplyId: number | null;
  likesCount: number;
  createdAt: number;
  updatedAt: number | null;
  hiddenReason: HiddenReason | null;
};

export function toReplyView(row: ReplyRow): ReplyView {
  return {
    id: row.id,
    content: row.content,
    postId: row.postId,
    authorId: row.authorId,
    parentReplyId: row.parentReplyId,
    likesCount: row.likesCount,
    createdAt: new Date(row.createdAt),
    updatedAt: row.updatedAt === null ? null : new Date(row.updatedAt),
    author: toPublicAuthor(row),
    isHidden: row.hiddenReason !== null,
    hiddenReason: row.hiddenReason,
  };
}
