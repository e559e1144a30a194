/**
 * notifyAllMembers(): the community-wide announcement beside notify() (notify.server.ts), for an
 * admin's news every member gets (a meeting scheduled). One set-based insert for every member
 * but the actor; an announcement is not a member's content, so blocks do not filter it
 * (docs/moderation.md, "Blocking", is about members' posts, replies and comments).
 * Call it inside the transaction of the action that causes it.
 */
import { sql } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import type { NotificationKind } from "./notify.server";

export function notifyAllMembers({ actorId, kind, message, link, at }: { actorId: string; kind: NotificationKind; message: string; link: string; at: Date }): void {
  const { users, notifications } = schema;
  getDb()
    .insert(notifications)
    .select(
      getDb()
        // Insert…select takes every column in table order: the id is assigned, nothing is read yet.
        .select({
          id: sql<number>`null`.as("id"),
          userId: users.id,
          actorId: sql<string>`${actorId}`.as("actor_id"),
          kind: sql<string>`${kind}`.as("kind"),
          message: sql<string>`${message}`.as("message"),
          link: sql<string>`${link}`.as("link"),
          readAt: sql<null>`null`.as("read_at"),
          createdAt: sql<number>`${at.getTime()}`.as("created_at"),
        })
        .from(users)
        .where(sql`${users.id} <> ${actorId}`),
    )
    .run();
}
