/** Notification counts for the header bell and the sidebar's Discussions badge. */
import { and, desc, eq, exists, gt, inArray, isNull, like, lte, ne, or, sql } from "drizzle-orm";
import { readDb, schema, write, type AppDatabase, type WriteOptions } from "~/utils/db.server";
import { literalLimit } from "~/utils/sql-dialect.server";
import { perDatabase } from "~/utils/statement-cache.server";

/** unreadDiscussions counts up to this many (a sidebar badge needs no more). */
export const UNREAD_DISCUSSIONS_CAP = 1_000;

export type NotificationCounts = { unreadDiscussions: number; unreadNotifications: number };

/** unreadDiscussions: posts by others since the member last opened /discussions; unreadNotifications: unread rows. */
export async function getNotificationCounts(userId: string): Promise<NotificationCounts> {
  // One statement on every signed-in page (it was three). The discussions count stops at
  // UNREAD_DISCUSSIONS_CAP: a member who never opened /discussions counted every post since
  // joining (36 ms on 100,000 posts, on every page); now it costs at most a thousand index steps.
  const [row] = await notificationQueries(readDb()).counts.execute({ userId });
  return row ?? { unreadDiscussions: 0, unreadNotifications: 0 };
}

/** Posts by others since the member's mark (or since joining, before a first visit); `users` is the member's row. */
function newPostsOfMember() {
  const { users, posts } = schema;
  return and(gt(posts.createdAt, sql`coalesce(${users.discussionsSeenAt}, ${users.joinedAt})`), ne(posts.authorId, users.id));
}

/**
 * The two counts as columns of a query that reads the member's row (`FROM users`, or a join to it):
 * the shell reads them in the same statement as the member (shell-counts.server.ts).
 */
export function notificationCountColumns(db: AppDatabase) {
  const { users, posts, notifications } = schema;
  // Named: PostgreSQL (before 16) refuses a subquery in FROM without an alias.
  const firstNewPosts = db.select({ one: sql`1` }).from(posts).where(newPostsOfMember()).limit(literalLimit(UNREAD_DISCUSSIONS_CAP)).as("first_new_posts");
  return {
    unreadDiscussions: db.$count(firstNewPosts),
    unreadNotifications: db.$count(notifications, and(eq(notifications.userId, users.id), isNull(notifications.readAt))),
  };
}

/** Made once per database. */
const notificationQueries = perDatabase((db: AppDatabase) => {
  const { users, posts } = schema;
  const param = sql.placeholder;
  const newPosts = newPostsOfMember();
  return {
    counts: db
      .select(notificationCountColumns(db))
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
export async function listNotifications(userId: string, { limit = NOTIFICATIONS_PAGE_SIZE, offset = 0 } = {}): Promise<{ notifications: NotificationView[]; hasMore: boolean }> {
  const rows = await readDb()
    .select()
    .from(schema.notifications)
    .where(eq(schema.notifications.userId, userId))
    .orderBy(desc(schema.notifications.createdAt), desc(schema.notifications.id))
    .limit(literalLimit(limit + 1))
    .offset(offset);
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
export async function markAllNotificationsRead(userId: string, at = new Date()): Promise<number> {
  const marked = await write((tx) =>
    tx
      .update(schema.notifications)
      .set({ readAt: at })
      .where(and(eq(schema.notifications.userId, userId), isNull(schema.notifications.readAt)))
      .returning({ id: schema.notifications.id }),
  );
  return marked.length;
}

/** Marks one of the member's own notifications as read (someone else's id changes nothing). */
export async function markNotificationRead(userId: string, notificationId: number, at = new Date()): Promise<boolean> {
  const marked = await write((tx) =>
    tx
      .update(schema.notifications)
      .set({ readAt: at })
      .where(and(eq(schema.notifications.id, notificationId), eq(schema.notifications.userId, userId), isNull(schema.notifications.readAt)))
      .returning({ id: schema.notifications.id }),
  );
  return marked.length > 0;
}

/** Whether the member already has an unread notification of this kind, from this actor, about this link (no repeat for like, unlike, like). */
export async function hasUnreadNotification(input: UnreadNotificationQuery): Promise<boolean> {
  const [row] = await unreadNotification(readDb(), input);
  return Boolean(row);
}

type UnreadNotificationQuery = { userId: string; actorId: string; kind: string; link: string };

function unreadNotification(db: AppDatabase, input: UnreadNotificationQuery) {
  return db
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
    .limit(literalLimit(1));
}

type NotificationsAbout = { recipientIds: string[]; link: string };

/** Removes the notifications pointing into a deleted post, for the members who could have them. Call inside the delete's unit of work (a savepoint of it). */
export async function deleteNotificationsAbout(input: NotificationsAbout): Promise<number> {
  if (input.recipientIds.length === 0) return 0;
  return (await write((tx) => deleteAbout(tx, input))).length;
}

function deleteAbout(db: AppDatabase, input: NotificationsAbout) {
  return db
    .delete(schema.notifications)
    .where(
      and(
        inArray(schema.notifications.userId, input.recipientIds),
        or(eq(schema.notifications.link, input.link), like(schema.notifications.link, `${input.link}#%`)),
      ),
    )
    .returning({ id: schema.notifications.id });
}

/**
 * Opening /discussions: posts up to `at` are no longer "new" for this member. The mark moves only
 * when it would change the sidebar's count: a post by someone else appeared after the current mark
 * (or after joining, for a first visit) and no later than `at`. Every other view is a pure read,
 * so the most visited page leaves the database's write version alone (page cache, live updates:
 * docs/performance.md, "No write on every view"). The `<= at` bound keeps a post dated in the
 * future (clock skew, imported data) from making every view write. Returns whether it wrote.
 * `writeOptions` bound the wait for the writer (`bestEffortUnit`: the page renders without it).
 */
export async function markDiscussionsSeen(userId: string, at = new Date(), writeOptions: WriteOptions = {}): Promise<boolean> {
  const [due] = await notificationQueries(readDb()).hasNewPostsUpTo.execute({ userId, at: at.getTime() });
  if (!due) return false;
  await write((tx) => tx.update(schema.users).set({ discussionsSeenAt: at }).where(eq(schema.users.id, userId)), writeOptions);
  return true;
}
