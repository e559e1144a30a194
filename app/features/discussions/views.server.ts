/**
 * How discussion data leaves the server: shaped views, never raw rows. Authors carry their
 * public fields only (never an e-mail or a password hash).
 */
import { excerptOf } from "~/features/content/markdown.server";

export type PublicAuthor = {
  id: string;
  firstName: string;
  lastName: string;
  displayName: string;
  username: string;
  profileImageUrl: string | null;
  role: "member" | "moderator" | "admin";
};

export type PostCategory = { id: number; name: string; colorClass: string; iconClass: string };

/** SPEC section 3's post read form: the post, its category (name, colorClass) and author, plus the viewer's like. */
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
};

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
};

/** The columns every post query selects (aliases match PostRow). */
export const POST_COLUMNS = `
  p.id, p.title, p.content, p.author_id AS authorId, p.category_id AS categoryId,
  p.likes_count AS likesCount, p.replies_count AS repliesCount, p.is_pinned AS isPinned,
  p.created_at AS createdAt, p.updated_at AS updatedAt,
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
};

export function toPublicAuthor(row: AuthorColumns): PublicAuthor {
  return {
    id: row.authorId,
    firstName: row.authorFirstName,
    lastName: row.authorLastName,
    displayName: row.authorDisplayName,
    username: row.authorUsername,
    profileImageUrl: row.authorProfileImageUrl,
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
  };
}

export const REPLY_COLUMNS = `
  r.id, r.content, r.post_id AS postId, r.author_id AS authorId, r.parent_reply_id AS parentReplyId,
  r.likes_count AS likesCount, r.created_at AS createdAt, r.updated_at AS updatedAt,
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
  };
}
