/**
 * The whole Quads schema (docs/architecture.md), plus the tables the features need
 * (notifications). Timestamps are stored as integer milliseconds since the epoch;
 * lists (interests, tags) as JSON text.
 */
import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { badgeTypes, difficulties, platforms, resourceTypes, roles, skillLevels } from "./enums";

export { badgeTypes, difficulties, platforms, resourceTypes, roles, skillLevels };

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    password: text("password").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    displayName: text("display_name").notNull(),
    city: text("city"),
    state: text("state"),
    phoneNumber: text("phone_number"),
    profileImageUrl: text("profile_image_url"),
    skillLevel: text("skill_level", { enum: skillLevels }).notNull().default("beginner"),
    role: text("role", { enum: roles }).notNull().default("member"),
    points: integer("points").notNull().default(0),
    bio: text("bio"),
    interests: text("interests", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    /** When the member last opened /discussions (drives the unreadDiscussions count). */
    discussionsSeenAt: integer("discussions_seen_at", { mode: "timestamp_ms" }),
    /**
     * When the member last changed their e-mail (null: still the address they registered with).
     * ADMIN_EMAIL grants admin rights only to an unchanged address (docs/permissions.md).
     */
    emailChangedAt: integer("email_changed_at", { mode: "timestamp_ms" }),
    /**
     * When the member proved they receive mail at `email` (a verification link, a password reset);
     * null: not verified. ADMIN_EMAIL grants admin rights only to a verified address (docs/accounts.md).
     */
    emailVerifiedAt: integer("email_verified_at", { mode: "timestamp_ms" }),
    joinedAt: integer("joined_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    /**
     * The end of the member's active suspension (far in the future when it lasts until lifted),
     * kept in step with `suspensions` in the same transaction so that every request's user read
     * also says whether they are suspended (docs/moderation.md). Null: not suspended.
     */
    suspendedUntil: integer("suspended_until", { mode: "timestamp_ms" }),
    /**
     * The member's avatar (an `uploads` row of kind avatar; docs/uploads.md). `profile_image_url`
     * is kept in step with it in the same transaction (the 256 px file's URL), so every query that
     * already reads the author's picture shows it.
     */
    avatarUploadId: text("avatar_upload_id"),
    /**
     * The member's unique handle for @mentions and /u/:username (3–20 of a–z, 0–9, _), generated at
     * registration from the display name and editable on /profile (docs/discussions.md, "Mentions").
     */
    username: text("username").notNull(),
    /**
     * The secret in the member's private feed URLs (/feeds/<token>/…), made when first needed and
     * replaced on rotate; null: none yet (docs/decisions/0069-private-feed-tokens.md).
     */
    feedToken: text("feed_token"),
    /**
     * 'Allow private messages from other members' (account settings; docs/messages.md): false and
     * only moderators and admins may start or continue a conversation with the member.
     */
    allowPrivateMessages: integer("allow_private_messages", { mode: "boolean" }).notNull().default(true),
  },
  (table) => [
    uniqueIndex("users_email_unique").on(sql`lower(${table.email})`),
    index("users_points_idx").on(table.points),
    /** The members directory's order (points, then seniority) walked without a sort (docs/performance.md). */
    index("users_points_joined_idx").on(sql`${table.points} DESC`, table.joinedAt, table.id),
    index("users_created_at_idx").on(table.createdAt),
    index("users_first_name_idx").on(table.firstName),
    index("users_skill_idx").on(table.skillLevel),
    uniqueIndex("users_username_unique").on(table.username),
    /** Prefix search of display names for the @mention suggestions (GET /api/members/suggest). */
    index("users_display_name_nocase_idx").on(sql`${table.displayName} COLLATE NOCASE`),
    uniqueIndex("users_feed_token_unique").on(table.feedToken),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    sess: text("sess", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    expire: integer("expire", { mode: "timestamp_ms" }).notNull(),
    /** Denormalised from sess so that deleting a user revokes their sessions. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The browser's User-Agent at sign-in, for the device names on /settings/account (docs/accounts.md). */
    userAgent: text("user_agent"),
    /** When the session was last used, touched at most once a minute (app/utils/session.server.ts). */
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }),
    /** When the member signed in (null for sessions older than this column). */
    createdAt: integer("created_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("sessions_expire_idx").on(table.expire), index("sessions_user_idx").on(table.userId)],
);

export const badges = sqliteTable("badges", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  description: text("description").notNull(),
  type: text("type", { enum: badgeTypes }).notNull().unique(),
  iconClass: text("icon_class").notNull(),
  colorClass: text("color_class").notNull(),
  pointsRequired: integer("points_required").notNull().default(0),
  criteriaDescription: text("criteria_description").notNull(),
  /** One of the nine guide categories of docs/gamification.md. */
  category: text("category").notNull(),
  createdAt: createdAt(),
});

export const userBadges = sqliteTable(
  "user_badges",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    badgeId: integer("badge_id")
      .notNull()
      .references(() => badges.id, { onDelete: "cascade" }),
    earnedAt: integer("earned_at", { mode: "timestamp_ms" }),
    progress: integer("progress").notNull().default(0),
    isCompleted: integer("is_completed", { mode: "boolean" }).notNull().default(false),
  },
  (table) => [
    uniqueIndex("user_badges_user_badge_unique").on(table.userId, table.badgeId),
    index("user_badges_badge_idx").on(table.badgeId),
  ],
);

export const categories = sqliteTable("categories", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  colorClass: text("color_class").notNull(),
  iconClass: text("icon_class").notNull(),
  createdAt: createdAt(),
});

export const posts = sqliteTable(
  "posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    likesCount: integer("likes_count").notNull().default(0),
    repliesCount: integer("replies_count").notNull().default(0),
    isPinned: integer("is_pinned", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    /** Hidden from everyone but its author and moderators (docs/moderation.md); null when shown. */
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    /** The moderator's user id (no foreign key: drizzle-kit adds a column's key without ON DELETE). */
    hiddenBy: text("hidden_by"),
    /** "moderator" (from the queue) or "reports" (REPORTS_TO_HIDE members reported it). */
    hiddenReason: text("hidden_reason", { enum: ["moderator", "reports"] }),
  },
  (table) => [
    index("posts_pinned_created_idx").on(table.isPinned, table.createdAt),
    index("posts_created_idx").on(table.createdAt),
    index("posts_category_created_idx").on(table.categoryId, table.createdAt),
    index("posts_author_idx").on(table.authorId, table.createdAt),
    /** The few hidden posts, so the list can leave them out without reading every row. */
    index("posts_hidden_idx").on(table.authorId).where(sql`hidden_at IS NOT NULL`),
  ],
);

/**
 * One row (id 1): a counter of changes to posts' text (a post written, deleted, its title or
 * content edited), bumped by triggers in the writing transaction (migration 0014). What a process
 * keeps about posts' words (related discussions) is valid while it has not moved: decision 0087.
 */
export const postsTextVersion = sqliteTable("posts_text_version", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull().default(0),
});

export const replies = sqliteTable(
  "replies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    content: text("content").notNull(),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    parentReplyId: integer("parent_reply_id").references((): AnySQLiteColumn => replies.id, {
      onDelete: "cascade",
    }),
    likesCount: integer("likes_count").notNull().default(0),
    createdAt: createdAt(),
    /** Set when the author edits the reply. */
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
    /** Hidden like a post (see posts.hiddenAt). */
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    hiddenBy: text("hidden_by"),
    hiddenReason: text("hidden_reason", { enum: ["moderator", "reports"] }),
  },
  (table) => [
    index("replies_post_created_idx").on(table.postId, table.createdAt),
    index("replies_author_idx").on(table.authorId, table.createdAt),
    index("replies_parent_idx").on(table.parentReplyId),
  ],
);

export const postLikes = sqliteTable(
  "post_likes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("post_likes_post_user_unique").on(table.postId, table.userId),
    index("post_likes_user_idx").on(table.userId),
  ],
);

export const meetings = sqliteTable(
  "meetings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    scheduledAt: integer("scheduled_at", { mode: "timestamp_ms" }).notNull(),
    duration: integer("duration").notNull().default(60),
    joinZoomUrl: text("join_zoom_url"),
    registrationZoomUrl: text("registration_zoom_url"),
    replayZoomUrl: text("replay_zoom_url"),
    hostId: text("host_id").references(() => users.id, { onDelete: "set null" }),
    attendeesCount: integer("attendees_count").notNull().default(0),
    isRecorded: integer("is_recorded", { mode: "boolean" }).notNull().default(false),
    recordingUrl: text("recording_url"),
    registrationRequired: integer("registration_required", { mode: "boolean" }).notNull().default(true),
    /** Meetings created together as a weekly series share this id (null for a one-off). */
    seriesId: text("series_id"),
    createdAt: createdAt(),
  },
  (table) => [
    index("meetings_scheduled_idx").on(table.scheduledAt),
    index("meetings_created_idx").on(table.createdAt),
    index("meetings_series_idx").on(table.seriesId),
  ],
);

export const meetingAttendees = sqliteTable(
  "meeting_attendees",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    meetingId: integer("meeting_id")
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    registeredAt: integer("registered_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    attended: integer("attended", { mode: "boolean" }).notNull().default(false),
  },
  (table) => [
    uniqueIndex("meeting_attendees_meeting_user_unique").on(table.meetingId, table.userId),
    index("meeting_attendees_user_idx").on(table.userId),
  ],
);

export const musicArtists = sqliteTable(
  "music_artists",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description"),
    genre: text("genre"),
    avatarUrl: text("avatar_url"),
    latestTrack: text("latest_track"),
    playCount: integer("play_count").notNull().default(0),
    spotifyUrl: text("spotify_url"),
    youtubeUrl: text("youtube_url"),
    appleMusicUrl: text("apple_music_url"),
    featured: integer("featured", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index("music_artists_created_idx").on(table.createdAt),
    index("music_artists_featured_idx").on(table.featured),
    index("music_artists_genre_idx").on(table.genre),
  ],
);

/**
 * Who listened to an artist on which day (UTC): a play counts once per member or visitor per
 * artist per day (docs/resources-and-artists.md). `listener` is `user:<id>` or `ip:<hash>`; rows
 * older than yesterday are pruned as new plays arrive.
 */
export const artistPlays = sqliteTable(
  "artist_plays",
  {
    artistId: integer("artist_id")
      .notNull()
      .references(() => musicArtists.id, { onDelete: "cascade" }),
    listener: text("listener").notNull(),
    day: text("day").notNull(),
  },
  (table) => [primaryKey({ columns: [table.artistId, table.listener, table.day] }), index("artist_plays_day_idx").on(table.day)],
);

export const artistRatings = sqliteTable(
  "artist_ratings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    artistId: integer("artist_id")
      .notNull()
      .references(() => musicArtists.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("artist_ratings_artist_user_unique").on(table.artistId, table.userId),
    index("artist_ratings_user_idx").on(table.userId),
  ],
);

export const artistComments = sqliteTable(
  "artist_comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    artistId: integer("artist_id")
      .notNull()
      .references(() => musicArtists.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    comment: text("comment").notNull(),
    isHidden: integer("is_hidden", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index("artist_comments_artist_created_idx").on(table.artistId, table.createdAt),
    index("artist_comments_user_idx").on(table.userId),
  ],
);

export const platformSettings = sqliteTable("platform_settings", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  platform: text("platform", { enum: platforms }).notNull().unique(),
  url: text("url"),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
});

export const footerSettings = sqliteTable("footer_settings", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  companyName: text("company_name").notNull(),
  tagline: text("tagline").notNull(),
  copyrightText: text("copyright_text").notNull(),
  description: text("description").notNull(),
  showSocialLinks: integer("show_social_links", { mode: "boolean" }).notNull().default(true),
  showSupportLinks: integer("show_support_links", { mode: "boolean" }).notNull().default(true),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
});

export const resources = sqliteTable(
  "resources",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    url: text("url").notNull(),
    resourceType: text("resource_type", { enum: resourceTypes }).notNull(),
    difficulty: text("difficulty", { enum: difficulties }).notNull().default("beginner"),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    submittedBy: text("submitted_by").references(() => users.id, { onDelete: "set null" }),
    rating: real("rating").notNull().default(0),
    reviewsCount: integer("reviews_count").notNull().default(0),
    pricingCategory: text("pricing_category").notNull().default("free"),
    embedUrl: text("embed_url"),
    createdAt: createdAt(),
  },
  (table) => [
    index("resources_created_idx").on(table.createdAt),
    index("resources_type_idx").on(table.resourceType, table.createdAt),
    index("resources_difficulty_idx").on(table.difficulty, table.createdAt),
    index("resources_pricing_idx").on(table.pricingCategory, table.createdAt),
    index("resources_submitter_idx").on(table.submittedBy),
  ],
);

/** One member's 1–5 rating of a resource (re-rating replaces it). */
export const resourceRatings = sqliteTable(
  "resource_ratings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    resourceId: integer("resource_id")
      .notNull()
      .references(() => resources.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("resource_ratings_resource_user_unique").on(table.resourceId, table.userId),
    index("resource_ratings_user_idx").on(table.userId),
  ],
);

/**
 * The points ledger: one row per contribution (a post, a reply, a like received, a meeting
 * attended…), written in the same transaction as the action and deleted when it is undone.
 * users.points is the sum of a member's rows; badges and leaderboards are computed from it.
 */
export const contributions = sqliteTable(
  "contributions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** What the contribution is about (a post id, a meeting id…), so that undoing finds it. */
    subjectId: text("subject_id").notNull(),
    points: integer("points").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("contributions_user_kind_subject_unique").on(table.userId, table.kind, table.subjectId),
    /** Covers the 7/30-day leaderboard's sum without table lookups (docs/performance.md; it was created_at, user_id). */
    index("contributions_created_user_points_idx").on(table.createdAt, table.userId, table.points),
    index("contributions_kind_subject_idx").on(table.kind, table.subjectId),
  ],
);

/** Who did what and when in the admin panel (and moderators' actions on content). */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's e-mail at the time, kept when the account is deleted. */
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    /** A short human summary ("role member → moderator", a meeting title…). */
    summary: text("summary").notNull().default(""),
    createdAt: createdAt(),
  },
  (table) => [index("audit_log_created_idx").on(table.createdAt)],
);

/** In-app notifications (a reply to your post, a like, a badge earned, a new meeting). */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    link: text("link"),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("notifications_user_created_idx").on(table.userId, table.createdAt),
    index("notifications_user_unread_idx").on(table.userId, table.readAt),
  ],
);

/**
 * Members' reports of a post, a reply, an artist comment or a member profile, and what a
 * moderator decided (docs/moderation.md). One OPEN report per reporter and item.
 */
export const reports = sqliteTable(
  "reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetType: text("target_type", { enum: ["post", "reply", "artist_comment", "user", "message"] }).notNull(),
    /** The post, reply, comment or private message id (as text), or the member's id. */
    targetId: text("target_id").notNull(),
    reason: text("reason", { enum: ["spam", "harassment", "off_topic", "inappropriate", "other"] }).notNull(),
    note: text("note").notNull().default(""),
    status: text("status", { enum: ["open", "resolved", "dismissed"] }).notNull().default("open"),
    /** The moderator's action: dismiss, hide, delete, warn, suspend. */
    resolution: text("resolution"),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("reports_open_reporter_target_unique").on(table.reporterId, table.targetType, table.targetId).where(sql`status = 'open'`),
    index("reports_status_target_idx").on(table.status, table.targetType, table.targetId),
    index("reports_reporter_idx").on(table.reporterId),
  ],
);

/** Fixed-window counters for rate limits, shared by every worker process. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: integer("reset_at").notNull(),
});

/** A member hiding another member's content and notifications (docs/moderation.md, "Blocking"). */
export const userBlocks = sqliteTable(
  "user_blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.blockerId, table.blockedId] }), index("user_blocks_blocked_idx").on(table.blockedId)],
);

/**
 * Suspensions (signed out, cannot sign in) and silences (can read, cannot post, reply, comment or
 * rate) moderators put on members; ends_at null = until lifted. History is kept: lifting (or a
 * newer restriction replacing it) sets lifted_at. See docs/moderation.md.
 */
export const suspensions = sqliteTable(
  "suspensions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["suspend", "silence"] }).notNull(),
    reason: text("reason").notNull(),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    liftedAt: integer("lifted_at", { mode: "timestamp_ms" }),
    liftedBy: text("lifted_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [index("suspensions_user_lifted_idx").on(table.userId, table.liftedAt)],
);

/**
 * The mail outbox (docs/decisions/0074-mail-outbox.md): a request inserts in its own transaction,
 * the one sender of the cluster delivers with retries. `to` and the texts are kept for the admin's
 * Mail tab; sent rows older than 30 days are swept.
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** Extra headers (List-Unsubscribe…), as a JSON object. */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
    /** What the message is (password_reset, email_verification, test, a notification kind…). */
    kind: text("kind").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** Claims in a row whose sender recorded no outcome (killed or stalled mid-send): claimed alone, failed at MAX_UNFINISHED_CLAIMS (outbox.server.ts). */
    unfinishedClaims: integer("unfinished_claims").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("mail_outbox_status_next_idx").on(table.status, table.nextAttemptAt), index("mail_outbox_created_idx").on(table.createdAt)],
);

/**
 * Single-use links sent by e-mail (password reset, e-mail verification): only the sha256 of the
 * 32 random bytes is stored. `email` is the address the link was sent to.
 */
export const authTokens = sqliteTable(
  "auth_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** email_change: `email` is the new address, which replaces the account's when the link is followed. */
    purpose: text("purpose", { enum: ["password_reset", "email_verification", "email_change"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    email: text("email").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("auth_tokens_hash_unique").on(table.tokenHash), index("auth_tokens_user_purpose_idx").on(table.userId, table.purpose)],
);

/**
 * A member's e-mail preferences, one row per kind of mail they changed from its default
 * (`enabled` false: they do not want it). The one-click unsubscribe writes here, and so does the
 * account settings page (docs/accounts.md).
 */
export const mailPreferences = sqliteTable(
  "mail_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);

/**
 * Reply e-mails waiting for their thread's 15-minute window (docs/accounts.md, "Notification
 * e-mails"): one row per member and post. `sendAt` null: nothing pending; the mail worker's
 * scheduler mails the pending replies once `sendAt` has passed and sets `lastSentAt`.
 */
export const replyMailBatches = sqliteTable(
  "reply_mail_batches",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    /** The replies not mailed yet, oldest first (at most 100 kept; `pendingCount` is exact). */
    replyIds: text("reply_ids", { mode: "json" }).$type<number[]>().notNull().default(sql`'[]'`),
    pendingCount: integer("pending_count").notNull().default(0),
    sendAt: integer("send_at", { mode: "timestamp_ms" }),
    lastSentAt: integer("last_sent_at", { mode: "timestamp_ms" }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.postId] }), index("reply_mail_batches_send_at_idx").on(table.sendAt)],
);

/** Meeting reminders sent: one per meeting occurrence (its start time) and member, written with the enqueue. */
export const meetingRemindersSent = sqliteTable(
  "meeting_reminders_sent",
  {
    meetingId: integer("meeting_id")
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scheduledAt: integer("scheduled_at", { mode: "timestamp_ms" }).notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (table) => [primaryKey({ columns: [table.meetingId, table.userId, table.scheduledAt] })],
);

/** Weekly digests sent: one per member and ISO week (`2026-W48`, in COMMUNITY_TIMEZONE), written with the enqueue. */
export const weeklyDigestsSent = sqliteTable(
  "weekly_digests_sent",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    week: text("week").notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (table) => [primaryKey({ columns: [table.userId, table.week] })],
);

/**
 * The periodic jobs' durable schedule (the mail worker's scheduler: docs/decisions/0110-background-work-once.md):
 * one row per job, claimed for a period by the box whose `UPDATE … WHERE next_run_at <= now … RETURNING`
 * moves `next_run_at` on, so each period's run happens on one box of the cluster.
 */
export const scheduledJobs = sqliteTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  nextRunAt: integer("next_run_at", { mode: "timestamp_ms" }).notNull(),
  /** When the last run was claimed, and by which process (`host:pid`): for the operator. */
  lastClaimedAt: integer("last_claimed_at", { mode: "timestamp_ms" }),
  lastClaimedBy: text("last_claimed_by"),
});

/** Community-wide switches an admin sets (key → JSON value), e.g. requireVerifiedEmailToPost. */
export const communitySettings = sqliteTable("community_settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).$type<unknown>().notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/**
 * Pictures members uploaded (docs/uploads.md): re-encoded WebP files in the upload storage, named
 * by the content hash of the main file. Several rows may share a hash (the same picture twice); a
 * file is deleted when no row names its hash any more.
 */
export const uploads = sqliteTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    hash: text("hash").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Bytes stored for this upload, all its sizes together (the per-member quota counts them). */
    bytes: integer("bytes").notNull(),
    kind: text("kind", { enum: ["avatar", "image"] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("uploads_owner_created_idx").on(table.ownerId, table.createdAt), index("uploads_hash_idx").on(table.hash)],
);

/**
 * External identities a member signs in with (GitHub, Google, Discord, the generic OpenID Connect
 * provider: docs/accounts.md, "Sign-in with external identities"). `subject` is the provider's
 * stable id of the person (GitHub's and Discord's numeric id, OpenID Connect's `sub`); no token
 * of the provider is kept (docs/decisions/0112-external-sign-in.md).
 */
export const userIdentities = sqliteTable(
  "user_identities",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** github, google, discord or oidc. */
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    connectedAt: integer("connected_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (table) => [uniqueIndex("user_identities_provider_subject_unique").on(table.provider, table.subject), uniqueIndex("user_identities_user_provider_unique").on(table.userId, table.provider)],
);

/**
 * Private conversations between members (docs/messages.md, decision 0111): who is in one is
 * `conversation_participants`, what was said `messages`. `lastMessageId` / `lastMessageAt` are kept
 * in step with `messages` in the same unit of work (the list's order and the unread marker).
 */
export const conversations = sqliteTable(
  "conversations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    subject: text("subject"),
    /** Who started it (the new-member limit counts these); null once that account is deleted. */
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** The newest message's id (no foreign key: messages refer to conversations). */
    lastMessageId: integer("last_message_id").notNull().default(0),
    lastMessageAt: integer("last_message_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("conversations_created_by_idx").on(table.createdBy, table.createdAt)],
);

/** A member in a conversation until they leave it (the row goes; the others keep the conversation). */
export const conversationParticipants = sqliteTable(
  "conversation_participants",
  {
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The newest message this member has seen (0: none); unread while the conversation's lastMessageId is greater. */
    lastReadMessageId: integer("last_read_message_id").notNull().default(0),
    createdAt: createdAt(),
    /**
     * The conversation's lastMessageId, copied by the database's triggers (decision 0125), so the
     * header's unread count reads this table's partial index alone instead of joining every one of
     * the member's conversations.
     */
    lastMessageId: integer("last_message_id").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    index("conversation_participants_user_idx").on(table.userId),
    index("conversation_participants_unread_idx").on(table.userId).where(sql`"last_message_id" > "last_read_message_id"`),
  ],
);

/** The messages of a conversation, oldest first by id. Hidden like posts (docs/moderation.md). */
export const messages = sqliteTable(
  "messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    createdAt: createdAt(),
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    hiddenBy: text("hidden_by"),
  },
  (table) => [index("messages_conversation_idx").on(table.conversationId, table.id), index("messages_author_idx").on(table.authorId, table.createdAt)],
);

/**
 * Message e-mails waiting for their conversation's 15-minute window, one row per member and
 * conversation (the twin of reply_mail_batches; docs/messages.md, "E-mail").
 */
export const messageMailBatches = sqliteTable(
  "message_mail_batches",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    pendingCount: integer("pending_count").notNull().default(0),
    /** The oldest message not mailed yet. */
    firstPendingId: integer("first_pending_id"),
    sendAt: integer("send_at", { mode: "timestamp_ms" }),
    lastSentAt: integer("last_sent_at", { mode: "timestamp_ms" }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.conversationId] }), index("message_mail_batches_send_at_idx").on(table.sendAt)],
);

export type User = typeof users.$inferSelect;
export type UserIdentity = typeof userIdentities.$inferSelect;
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type Upload = typeof uploads.$inferSelect;
export type Contribution = typeof contributions.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
export type Report = typeof reports.$inferSelect;
export type Badge = typeof badges.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type FooterSettings = typeof footerSettings.$inferSelect;
export type PlatformSetting = typeof platformSettings.$inferSelect;
export type Platform = (typeof platforms)[number];
