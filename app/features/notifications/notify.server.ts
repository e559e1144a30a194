/**
 * notify(): the one way features create an in-app notification. Call it inside the unit of work
 * of the action that causes it (it joins it as a savepoint). A member is never notified of their
 * own action, nor of an action by a member they blocked (docs/moderation.md, "Blocking").
 */
import { blockedIdsOf } from "~/features/blocks/index.server";
import { schema, write, type AppDatabase } from "~/utils/db.server";
import { DELETED_MEMBER_ID } from "~/utils/deleted-member";

export const notificationKinds = ["reply", "like", "badge", "meeting", "moderation", "mention"] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export type NotifyInput = {
  /** Who receives it. */
  userId: string;
  /** Who caused it (null for the system, e.g. a badge earned). */
  actorId?: string | null;
  kind: NotificationKind;
  /** One plain-text sentence, e.g. "Ada replied to your post “Prompt tips”". */
  message: string;
  /** An in-app path, e.g. /post/12. */
  link?: string | null;
  at?: Date;
};

/** Returns true when a notification was written. */
export async function notify(input: NotifyInput): Promise<boolean> {
  if (!(await isToldOf(input))) return false;
  await write((tx) => insertNotification(tx, input));
  return true;
}

/** Whether the recipient is told at all (not their own action, not the placeholder, not a blocked actor). */
async function isToldOf(input: NotifyInput): Promise<boolean> {
  if (input.actorId && input.actorId === input.userId) return false;
  // Nobody reads the notifications of 'Deleted member' (docs/decisions/0075).
  if (input.userId === DELETED_MEMBER_ID) return false;
  // Inside the caller's unit, readDb() is that unit: a block it just wrote counts.
  if (input.actorId && (await blockedIdsOf(input.userId)).has(input.actorId)) return false;
  return true;
}

function insertNotification(db: AppDatabase, input: NotifyInput) {
  return db.insert(schema.notifications).values({
    userId: input.userId,
    actorId: input.actorId ?? null,
    kind: input.kind,
    message: input.message,
    link: input.link ?? null,
    ...(input.at ? { createdAt: input.at } : {}),
  });
}
