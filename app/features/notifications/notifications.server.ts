/** Notification counts for the header bell and the sidebar's Discussions badge. */
import { and, desc, eq, exists, gt, inArray, isNull, like, lte, ne, or, sql } from "drizzle-orm";
import { getDb, schema, type AppDatabase } from "~/utils/db.server";
import { perDatabase } from "~/utils/statement-cache.server";

/** unreadDiscussions counts up to this many (a sidebar badge needs no more). */
export const UNREAD_DISCUSSIONS_CAP = 1_000;

export type NotificationCounts = { unreadDiscussions: number; unreadNotifications: number };

/** unreadDiscussions: posts by others since the member last opened /discussions; unreadNotifications: unread rows. */
export function getNotificationCounts(userId: string): NotificationCounts {
  // One statement on every signed-in page (it was three). The discussions count stops at
  // UNREAD_DISCUSSIONS_CAP: a member who never opened /discussions counted every post since
  // joining (36 ms on 100,000 posts, on every page); now it costs at most a thousand index steps.
  const row = notificationQueries(getDb()).counts.get({ userId });
  return row ?? { unreadDiscussions: 0, unreadNotifications: 0 };
}

/** Made once per database: the counts are read on every signed-in page (the root loader). */
const notificationQueries = perDatabase((db: AppDatabase) => {
  const { users, posts, notifications } = schema;
  const param = sql.placeholder;
  /** Posts by others since the member's mark (or since joining, before a first visit). */
  const newPosts = and(gt(posts.createdAt, sql`coalesce(${users.discussionsSeenAt}, ${users.joinedAt})`), ne(posts.authorId, users.id));
  const firstNewPosts = db.select({ one: sql`1` }).from(posts).where(newPosts).limit(UNREAD_DISCUSSIONS_CAP);
  return {
    counts: db
      .select({
        unreadDiscussions: db.$count(firstNewPosts),
        unreadNotifications: db.$count(notifications, and(eq(notifications.userId, users.id), isNull(notifications.readAt))),
      })
      .from(users)
      .where(eq(users.id, param("userId")))
      .prepare(),
    hasNewPostsUpTo: db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, param("userId")),
          exists(
            db
              .select({ one: sql`1` })
              .from(posts)
              .where(and(newPosts, lte(posts.createdAt, param("at")))),
          ),
        ),
      )
      .prepare(),
  };
});

export type NotificationView = {
  id: number;
  kind: string;
  message: string;
  link: string | null;
  isRead: boolean;
  createdAt: Date;
};

/** Notifications shown per page on /notifications. */
export const NOTIFICATIONS_PAGE_SIZE = 30;

/** A member's notifications, newest first (one extra row tells whether there is a next page). */
export function listNotifications(userId: string, { limit = NOTIFICATIONS_PAGE_SIZE, offset = 0 } = {}): { notifications: NotificationView[]; hasMore: boolean } {
  const rows = getDb()
    .select()
    .from(schema.notifications)
    .where(eq(schema.notifications.userId, userId))
    .orderBy(desc(schema.notifications.createdAt), desc(schema.notifications.id))
    .limit(limit + 1)
    .offset(offset)
    .all();
  return {
    notifications: rows.slice(0, limit).map((row) => ({
      id: row.id,
      kind: row.kind,
      message: row.message,
      link: row.link,
      isRead: row.readAt !== null,
      createdAt: row.createdAt,
    })),
    hasMore: rows.length > limit,
  };
}

/** Marks every unread notification of a member as read; returns how many changed. */
export function markAllNotificationsRead(userId: string, at = new Date()): number {
  return getDb()
    .update(schema.notifications)
    .set({ readAt: at })
    .where(and(eq(schema.notifications.userId, userId), isNull(schema.notifications.readAt)))
    .run().changes;
}

/** Marks one of the member's own notifications as read (someone else's id changes nothing). */
export function markNotificationRead(userId: string, notificationId: number, at = new Date()): boolean {
  return (
    getDb()
      .update(schema.notifications)
      .set({ readAt: at })
      .where(and(eq(schema.notifications.id, notificationId), eq(schema.notifications.userId, userId), isNull(schema.notifications.readAt)))
      .run().changes > 0
  );
}

/** Whether the member already has an unread notification of this kind, from this actor, about this link (no repeat for like, unlike, like). */
export function hasUnreadNotification(input: { userId: string; actorId: string; kind: string; link: string }): boolean {
  const row = getDb()
    .select({ id: schema.notifications.id })
    .from(schema.notifications)
    .where(
      and(
        eq(schema.notifications.userId, input.userId),
        isNull(schema.notifications.readAt),
        eq(schema.notifications.actorId, input.actorId),
        eq(schema.notifications.kind, input.kind),
        eq(schema.notifications.link, input.link),
      ),
    )
    .get();
  return Boolean(row);
}

/** Removes the notifications pointing into a deleted post, for the members who could have them. Call inside the delete's transaction. */
export function deleteNotificationsAbout(input: { recipientIds: string[]; link: string }): number {
  if (input.recipientIds.length === 0) return 0;
  return getDb()
    .delete(schema.notifications)
    .where(
      and(
        inArray(schema.notifications.userId, input.recipientIds),
        or(eq(schema.notifications.link, input.link), like(schema.notifications.link, `${input.link}#%`)),
      ),
    )
    .run().changes;
}

/**
 * Opening /discussions: posts up to `at` are no longer "new" for this member. The mark moves only
 * when it would change the sidebar's count: a post by someone else appeared after the current mark
 * (or after joining, for a first visit) and no later than `at`. Every other view is a pure read,
 * so the most visited page leaves the database's write version alone (page cache, live updates:
 * docs/performance.md, "No write on every view"). The `<= at` bound keeps a post dated in the
 * future (clock skew, imported data) from making every view write. Returns whether it wrote.
 */
export function markDiscussionsSeen(userId: string, at = new Date()): boolean {
  const db = getDb();
  const due = notificationQueries(db).hasNewPostsUpTo.get({ userId, at: at.getTime() });
  if (!due) return false;
  db.update(schema.users).set({ discussionsSeenAt: at }).where(eq(schema.users.id, userId)).run();
  return true;
}
