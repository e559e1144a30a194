/**
 * Private messages under moderation (docs/messages.md, "Moderation only through reports"): the
 * reports feature reads a reported message, the messages just before it, and hides or deletes it.
 * Nothing here lists or opens a conversation: moderators reach a message only through a report.
 */
import { and, desc, eq, lte } from "drizzle-orm";
import { renderMarkdown } from "~/features/content/index.server";
import { releaseUploads } from "~/features/uploads/index.server";
import { uploadHashesIn } from "~/utils/upload-urls";
import { readDb, schema, write } from "~/utils/db.server";
import { profileNameOf } from "~/utils/display-name";
import { literalLimit } from "~/utils/sql-dialect.server";

const { messages, users, conversations, conversationParticipants: participants } = schema;

/** A reported message as the reports feature needs it. */
export type ModeratedMessage = { id: number; conversationId: number; authorId: string; authorName: string; content: string; createdAt: Date; isHidden: boolean };

/** Messages of context the queue shows before a reported one. */
export const CONTEXT_MESSAGES = 5;

/** One message by id (any conversation), or undefined. */
export async function findMessageForModeration(messageId: number): Promise<ModeratedMessage | undefined> {
  const [row] = await readDb()
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      authorId: messages.authorId,
      content: messages.content,
      createdAt: messages.createdAt,
      hiddenAt: messages.hiddenAt,
      displayName: users.displayName,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.authorId))
    .where(eq(messages.id, messageId))
    .limit(literalLimit(1));
  if (!row) return undefined;
  return { id: row.id, conversationId: row.conversationId, authorId: row.authorId, authorName: profileNameOf(row), content: row.content, createdAt: row.createdAt, isHidden: row.hiddenAt !== null };
}

/** Whether the member is in the conversation of this message (only participants may report it; others get a 404). */
export async function isParticipantOfMessage({ userId, messageId }: { userId: string; messageId: number }): Promise<boolean> {
  const [row] = await readDb()
    .select({ userId: participants.userId })
    .from(messages)
    .innerJoin(participants, and(eq(participants.conversationId, messages.conversationId), eq(participants.userId, userId)))
    .where(eq(messages.id, messageId))
    .limit(literalLimit(1));
  return row !== undefined;
}

/** The reported message and the CONTEXT_MESSAGES before it, oldest first, rendered (what the queue shows once opened). */
export async function messageWithContext(messageId: number): Promise<{ id: number; authorName: string; html: string; createdAt: Date; isReported: boolean }[]> {
  const reported = await findMessageForModeration(messageId);
  if (!reported) return [];
  const rows = await readDb()
    .select({ id: messages.id, content: messages.content, createdAt: messages.createdAt, displayName: users.displayName, firstName: users.firstName, lastName: users.lastName })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.authorId))
    .where(and(eq(messages.conversationId, reported.conversationId), lte(messages.id, messageId)))
    .orderBy(desc(messages.id))
    .limit(literalLimit(CONTEXT_MESSAGES + 1));
  return rows.reverse().map((row) => ({ id: row.id, authorName: profileNameOf(row), html: renderMarkdown(row.content), createdAt: row.createdAt, isReported: row.id === messageId }));
}

/** Hides a message from everyone in the conversation but its author (`hiding` null shows it again); a savepoint of the caller's unit. */
export async function setMessageHidden(messageId: number, hiding: { by: string | null } | null): Promise<void> {
  await write((tx) =>
    tx
      .update(messages)
      .set(hiding ? { hiddenAt: new Date(), hiddenBy: hiding.by } : { hiddenAt: null, hiddenBy: null })
      .where(eq(messages.id, messageId)),
  );
}

/**
 * Deletes a message; its conversation's last message moves back to the one before, and its
 * pictures nothing else uses go (after the caller's unit commits: docs/uploads.md, "Garbage collection").
 */
export async function deleteMessage(messageId: number): Promise<void> {
  const content = await write(async (tx) => {
    const [removed] = await tx.delete(messages).where(eq(messages.id, messageId)).returning({ conversationId: messages.conversationId, content: messages.content });
    if (!removed) return "";
    const [last] = await tx
      .select({ id: messages.id, createdAt: messages.createdAt })
      .from(messages)
      .where(eq(messages.conversationId, removed.conversationId))
      .orderBy(desc(messages.id))
      .limit(literalLimit(1));
    await tx
      .update(conversations)
      .set(last ? { lastMessageId: last.id, lastMessageAt: last.createdAt } : { lastMessageId: 0 })
      .where(eq(conversations.id, removed.conversationId));
    return removed.content;
  });
  void releaseUploads(uploadHashesIn(content)); // never rejects; waits for an open unit's commit (docs/uploads.md)
}
