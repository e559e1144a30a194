/**
 * notifyAllMembers(): the community-wide announcement beside notify() (notify.server.ts), for an
 * admin's news every member gets (a meeting scheduled). One set-based insert for every member
 * but the actor; an announcement is not a member's content, so blocks do not filter it
 * (docs/moderation.md, "Blocking", is about members' posts, replies and comments).
 * Call it inside the unit of work of the action that causes it (it joins it as a savepoint).
 */
import { sql } from "drizzle-orm";
import { schema, write } from "~/utils/db.server";
import { executeSql } from "~/utils/sql-dialect.server";
import type { NotificationKind } from "./notify.server";

/** Notifies every member but the actor; returns how many were notified. */
export async function notifyAllMembers({ actorId, kind, message, link, at }: { actorId: string; kind: NotificationKind; message: string; link: string; at: Date }): Promise<number> {
  const { users, notifications } = schema;
  // Raw INSERT … SELECT naming its columns (docs/decisions/0077-data-access-style.md): Drizzle's
  // insert().select() lists every column, the id too, which PostgreSQL's identity refuses as null.
  // Timestamps are integer milliseconds on both engines (decision 0104).
  return write((tx) =>
    executeSql(
      tx,
      sql`insert into ${notifications} (user_id, actor_id, kind, message, link, created_at)
          select ${users.id}, ${actorId}, ${kind}, ${message}, ${link}, ${at.getTime()} from ${users} where ${users.id} <> ${actorId}`,
    ),
  );
}
