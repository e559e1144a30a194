/**
 * Who may write to whom (docs/messages.md, "Who may write to whom"): a member who turned private
 * messages off, a block either way, and new members' daily number of conversations refuse a
 * message with 403 and a sentence a person understands. Moderators and admins may always write.
 * Silence, the posting rate and the new-member link limit are moderation's `assertMayContribute`.
 */
import { and, count, eq, gt } from "drizzle-orm";
import { blocksBetween } from "~/features/blocks/index.server";
import { newMemberStatus } from "~/features/moderation/index.server";
import { schema, type AppDatabase } from "~/utils/db.server";
import { profileNameOf } from "~/utils/display-name";
import { getEnv } from "~/utils/env.server";
import { forbidden } from "~/utils/errors.server";
import { isModerator, type RoleHolder } from "~/utils/permissions";
import { literalLimit } from "~/utils/sql-dialect.server";

const { users, conversations } = schema;

export const conversationRefusals = {
  notFound: "Conversation not found",
  self: "You cannot write to yourself: choose another member.",
  unknownMembers: (names: string[]) => `No member is called ${names.map((name) => `@${name}`).join(", ")}.`,
  closed: (name: string) => `${name} does not accept private messages.`,
  blockedByThem: (name: string) => `You cannot write to ${name}: they have blocked you.`,
  blockedByYou: (name: string) => `You cannot write to ${name}: you have blocked them. Unblock them on their profile to write to them.`,
  everyoneLeft: "Everyone else has left this conversation: nobody would read your message.",
  dailyLimit: (limit: number) =>
    `New members can start at most ${limit} conversation${limit === 1 ? "" : "s"} a day. Please wait a little, or reply in a conversation you already have.`,
} as const;

/** What the rules read of a recipient. */
export type Recipient = RoleHolder & {
  id: string;
  username: string;
  displayName: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  allowPrivateMessages: boolean;
};

const isStaff = (user: RoleHolder) => isModerator(user, getEnv().ADMIN_EMAIL);

/** 403 unless the sender may write to every one of these members (staff always may). */
export async function assertMayWriteTo(sender: RoleHolder & { id: string }, recipients: Recipient[]): Promise<void> {
  if (isStaff(sender) || recipients.length === 0) return;
  const blocks = await blocksBetween(
    sender.id,
    recipients.map((recipient) => recipient.id),
  );
  for (const recipient of recipients) {
    const name = profileNameOf(recipient);
    if (blocks.blockedBy.has(recipient.id)) throw forbidden(conversationRefusals.blockedByThem(name));
    if (blocks.blocked.has(recipient.id)) throw forbidden(conversationRefusals.blockedByYou(name));
    if (!recipient.allowPrivateMessages) throw forbidden(conversationRefusals.closed(name));
  }
}

/** 403 when a new member has already started NEW_MEMBER_CONVERSATIONS_PER_DAY conversations in the last 24 hours (staff are exempt). */
export async function assertWithinDailyConversations(tx: AppDatabase, sender: RoleHolder & { id: string }, now: Date): Promise<void> {
  if (isStaff(sender)) return;
  const [member] = await tx.select({ id: users.id, joinedAt: users.joinedAt }).from(users).where(eq(users.id, sender.id)).limit(literalLimit(1));
  if (!member || !(await newMemberStatus(member, now.getTime())).isNew) return;
  const limit = getEnv().NEW_MEMBER_CONVERSATIONS_PER_DAY;
  const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const [started] = await tx
    .select({ total: count() })
    .from(conversations)
    .where(and(eq(conversations.createdBy, sender.id), gt(conversations.createdAt, since)));
  if ((started?.total ?? 0) >= limit) throw forbidden(conversationRefusals.dailyLimit(limit));
}
