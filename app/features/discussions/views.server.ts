/**
 * How discussion data leaves the server: shaped views, never raw rows. Authors carry their
 * public fields only (never an e-mail or a password hash).
 */
import { and, eq, exists, sql, type SQLWrapper } from "drizzle-orm";
import { excerptOf } from "~/features/content/index.server";
import { schema, type AppDatabase } from "~/utils/db.server";
import { avatarSources } from "~/utils/upload-urls";

const { categories, postLikes, posts, replies, users } = schema;

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
export type PostView = PostColumns & {
  excerpt: string;
  authorId: string;
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

/** An author's public columns (aliases match AuthorColumns). */
const authorColumns = {
  authorId: users.id,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorDisplayName: users.displayName,
  authorUsername: users.username,
  authorProfileImageUrl: users.profileImageUrl,
  authorRole: users.role,
};

/** The columns every post read selects, typed by db/schema.ts (aliases match PostRow). */
const postColumns = {
  id: posts.id,
  title: posts.title,
  content: posts.content,
  categoryId: posts.categoryId,
  likesCount: posts.likesCount,
  repliesCount: posts.repliesCount,
  isPinned: posts.isPinned,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  hiddenReason: posts.hiddenReason,
  categoryName: categories.name,
  categoryColorClass: categories.colorClass,
  categoryIconClass: categories.iconClass,
  ...authorColumns,
};

/**
 * Posts in their read form with their author and category, and whether `viewerId` (a value or a
 * `sql.placeholder`) liked each; the caller adds the WHERE (and may `.prepare()` it).
 */
export function selectPosts(db: AppDatabase, viewerId: string | SQLWrapper) {
  const liked = db
    .select({ one: sql`1` })
    .from(postLikes)
    .where(and(eq(postLikes.postId, posts.id), eq(postLikes.userId, viewerId)));
  return db
    .select({ ...postColumns, isLiked: sql<boolean>`${exists(liked)}`.mapWith(Boolean) })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(categories, eq(categories.id, posts.categoryId));
}

/** Replies in their read form with their author; the caller adds the WHERE (and may `.prepare()` it). */
export function selectReplies(db: AppDatabase) {
  return db
    .select({
      id: replies.id,
      content: replies.content,
      postId: replies.postId,
      parentReplyId: replies.parentReplyId,
      likesCount: replies.likesCount,
      createdAt: replies.createdAt,
      updatedAt: replies.updatedAt,
      hiddenReason: replies.hiddenReason,
      ...authorColumns,
    })
    .from(replies)
    .innerJoin(users, eq(users.id, replies.authorId));
}

export type AuthorColumns = {
  authorId: string;
  authorFirstName: string;
  authorLastName: string;
  authorDisplayName: string;
  authorUsername: string;
  authorProfileImageUrl: string | null;
  authorRole: PublicAuthor["role"];
};

/** A post's own columns, as read and as shown. */
type PostColumns = {
  id: number;
  title: string;
  content: string;
  categoryId: number | null;
  likesCount: number;
  repliesCount: number;
  isPinned: boolean;
  createdAt: Date;
  updatedAt: Date;
};

export type PostRow = AuthorColumns & PostColumns & {
  categoryName: string | null;
  categoryColorClass: string | null;
  categoryIconClass: string | null;
  isLiked?: boolean;
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
    isPinned: row.isPinned,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
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

export type ReplyRow = AuthorColumns & {
  id: number;
  content: string;
  postId: number;
  parentReplyId: number | null;
  likesCount: number;
  createdAt: Date;
  updatedAt: Date | null;
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
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    author: toPublicAuthor(row),
    isHidden: row.hiddenReason !== null,
    hiddenReason: row.hiddenReason,
  };
}
