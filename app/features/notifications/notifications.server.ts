/** Notification counts for the header bell and the sidebar's Discussions badge. */
import { and, count, eq, gt, isNull, ne } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";

export type NotificationCounts = { unreadDiscussions: number; unreadNotifications: number };

/** unreadDiscussions: posts by others since the member last opened /discussions; unreadNotifications: unread rows. */
export function getNotificationCounts(userId: string): NotificationCounts {
  const db = getDb();
  const user = db
    .select({ seenAt: schema.users.discussionsSeenAt, joinedAt: schema.users.joinedAt })
    .from(schema.users)
    .where(eq(schema.users.id, userId))
    .get();
  if (!user) return { unreadDiscussions: 0, unreadNotifications: 0 };
  const since = user.seenAt ?? user.joinedAt;
  const discussions = db
    .select({ total: count() })
    .from(schema.posts)
    .where(and(gt(schema.posts.createdAt, since), ne(schema.posts.authorId, userId)))
    .get();
  const unread = db
    .select({ total: count() })
    .from(schema.notifications)
    .where(and(eq(schema.notifications.userId, userId), isNull(schema.notifications.readAt)))
    .get();
  return { unreadDiscussions: discussions?.total ?? 0, unreadNotifications: unread?.total ?? 0 };
}
