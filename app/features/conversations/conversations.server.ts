/**
 * Private conversations between members (docs/messages.md; the data model: decision 0111): the
 * only code touching conversations, conversation_participants and messages. Who may write to whom
 * is `write-rules.server.ts`; the e-mail is `message-mail.server.ts`.
 */
import { and, asc, count, desc, eq, gt, inArray, like, lt, max, ne, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { excerptOf, renderMarkdown } from "~/features/content/index.server";
import { assertMayContribute, assertNotSilenced } from "~/features/moderation/index.server";
import { releaseUploads } from "~/features/uploads/index.server";
import { UPLOADS_PATH, uploadHashesIn } from "~/utils/upload-urls";
import { readDb, schema, write, type AppDatabase, type WriteOptions } from "~/utils/db.server";
import { profileNameOf } from "~/utils/display-name";
import { indexedBy, inJsonIds, literalLimit } from "~/utils/sql-dialect.server";
import { perDatabase, perDatabaseShape } from "~/utils/statement-cache.server";
import { badRequest, forbidden, notFound } from "~/utils/errors.server";
import type { Actor } from "~/utils/actor";
import { parseOrThrow } from "~/utils/validation.server";
import { queueMessageMail } from "./message-mail.server";
import { messageSchema, newConversationSchema } from "./schemas";
import { assertMayWriteTo, assertWithinDailyConversations, conversationRefusals, type Recipient } from "./write-rules.server";

const { users, conversations, conversationParticipants: participants, messages } = schema;

/** Who sends: the fields the rules read. */
export type Sender = Pick<Actor, "id" | "email" | "role" | "emailVerifiedAt">;

/** Another member of a conversation, as members see them (never an e-mail). */
export type ParticipantView = { id: string; username: string; displayName: string; avatarUrl: string | null };

/** One line of /messages and of GET /api/conversations. */
export type ConversationSummary = {
  id: number;
  subject: string | null;
  participants: ParticipantView[];
  lastMessageAt: Date;
  lastMessage: { excerpt: string; authorId: string } | null;
  unread: boolean;
};

/** One message as a participant reads it; `html` is the sanitized Markdown (empty while hidden from this reader). */
export type MessageView = {
  id: number;
  author: ParticipantView;
  content: string;
  html: string;
  createdAt: Date;
  isHidden: boolean;
  isOwn: boolean;
};

export type ConversationView = { id: number; subject: string | null; participants: ParticipantView[]; messages: MessageView[] };

/** Conversations per page of /messages (and of GET /api/conversations). */
export const CONVERSATIONS_PAGE_SIZE = 30;
/** The newest messages GET /api/conversations/{id} returns (a conversation longer than this gives its latest). */
export const MESSAGES_MAX = 1_000;
/** Messages per page of /messages/{id}: the newest, then 'Earlier messages' (docs/messages.md, "Performance"). */
export const MESSAGES_PAGE_SIZE = 50;
/** What a participant reads in place of a message a moderator hid. */
export const HIDDEN_MESSAGE_TEXT = "This message was hidden by a moderator.";

const participantColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarUrl: users.profileImageUrl,
};
type ParticipantRow = { id: string; username: string; displayName: string; firstName: string; lastName: string; avatarUrl: string | null };
const toParticipantView = (row: ParticipantRow): ParticipantView => ({ id: row.id, username: row.username, displayName: profileNameOf(row), avatarUrl: row.avatarUrl });

/** The member's row of the conversation, or a 404 (a conversation's existence is private). */
async function membershipOf(db: AppDatabase, conversationId: number, userId: string) {
  const [row] = await db
    .select({ subject: conversations.subject, lastMessageId: conversations.lastMessageId, lastReadMessageId: participants.lastReadMessageId })
    .from(participants)
    .innerJoin(conversations, eq(conversations.id, participants.conversationId))
    .where(and(eq(participants.conversationId, conversationId), eq(participants.userId, userId)))
    .limit(literalLimit(1));
  if (!row) throw notFound(conversationRefusals.notFound);
  return row;
}

/** Recipients for the rules: what write-rules.server.ts reads of each. */
const recipientColumns = {
  ...participantColumns,
  email: users.email,
  role: users.role,
  emailVerifiedAt: users.emailVerifiedAt,
  allowPrivateMessages: users.allowPrivateMessages,
};

/** Adds a message in the sender's unit of work: the row, the conversation's last message, the sender's read mark, the others' e-mail. */
async function insertMessage(tx: AppDatabase, { conversationId, authorId, content, now }: { conversationId: number; authorId: string; content: string; now: Date }): Promise<number> {
  const [inserted] = await tx.insert(messages).values({ conversationId, authorId, content, createdAt: now }).returning({ id: messages.id });
  await tx.update(conversations).set({ lastMessageId: inserted.id, lastMessageAt: now }).where(eq(conversations.id, conversationId));
  await tx
    .update(participants)
    .set({ lastReadMessageId: inserted.id })
    .where(and(eq(participants.conversationId, conversationId), eq(participants.userId, authorId)));
  const others = await tx
    .select({ userId: participants.userId })
    .from(participants)
    .where(and(eq(participants.conversationId, conversationId), ne(participants.userId, authorId)));
  for (const other of others) await queueMessageMail(tx, { userId: other.userId, conversationId, messageId: inserted.id, now });
  return inserted.id;
}

/**
 * Starts a conversation: To (1–8 usernames), an optional subject, the first message. 400 for bad
 * input (an unknown username is named), 403 when a rule refuses it (write-rules.server.ts),
 * 429 past the posting rate. Returns the new conversation's id.
 */
export async function startConversation({ actor, input, now = new Date() }: { actor: Sender; input: unknown; now?: Date }): Promise<{ id: number }> {
  const data = parseOrThrow(newConversationSchema, input);
  await assertNotSilenced(actor.id, now);
  return write(async (tx) => {
    const found: Recipient[] = await tx.select(recipientColumns).from(users).where(inArray(users.username, data.to));
    const unknown = data.to.filter((name) => !found.some((row) => row.username === name));
    if (unknown.length > 0) {
      const message = conversationRefusals.unknownMembers(unknown);
      throw badRequest(message, { to: [message] });
    }
    if (found.some((row) => row.id === actor.id)) throw badRequest(conversationRefusals.self, { to: [conversationRefusals.self] });
    await assertMayWriteTo(actor, found);
    await assertWithinDailyConversations(tx, actor, now);
    await assertMayContribute(actor, "message", { content: data.content, now });
    const [conversation] = await tx
      .insert(conversations)
      .values({ subject: data.subject ?? null, createdBy: actor.id, createdAt: now, lastMessageAt: now })
      .returning({ id: conversations.id });
    await tx.insert(participants).values([actor, ...found].map((member) => ({ conversationId: conversation.id, userId: member.id, createdAt: now })));
    await insertMessage(tx, { conversationId: conversation.id, authorId: actor.id, content: data.content, now });
    return { id: conversation.id };
  });
}

/**
 * Writes a message in a conversation the sender is in (404 otherwise). The same rules as starting
 * one, towards every other member still in it; 403 when all of them have left.
 */
export async function sendMessage({ actor, conversationId, input, now = new Date() }: { actor: Sender; conversationId: number; input: unknown; now?: Date }): Promise<MessageView> {
  const data = parseOrThrow(messageSchema, input);
  await membershipOf(readDb(), conversationId, actor.id);
  await assertNotSilenced(actor.id, now);
  const messageId = await write(async (tx) => {
    await membershipOf(tx, conversationId, actor.id);
    const others: Recipient[] = await tx
      .select(recipientColumns)
      .from(participants)
      .innerJoin(users, eq(users.id, participants.userId))
      .where(and(eq(participants.conversationId, conversationId), ne(participants.userId, actor.id)));
    if (others.length === 0) throw forbidden(conversationRefusals.everyoneLeft);
    await assertMayWriteTo(actor, others);
    await assertMayContribute(actor, "message", { content: data.content, now });
    return insertMessage(tx, { conversationId, authorId: actor.id, content: data.content, now });
  });
  const { messages: sent } = await messagesOf(readDb(), { conversationId, readerId: actor.id, messageId });
  return sent[0];
}

/**
 * Made once per database: what /messages/{id} reads (docs/messages.md, "Performance"), its SQL built
 * once. `membership`: the reader's row of the conversation with the other members still in it (one
 * row per other member, none when they all left; no row at all for anyone not in it). The messages
 * themselves: messageQueries below.
 */
const readQueries = perDatabase((db: AppDatabase) => {
  const param = sql.placeholder;
  const other = alias(participants, "other");
  return {
    membership: db
      .select({ subject: conversations.subject, lastMessageId: conversations.lastMessageId, lastReadMessageId: participants.lastReadMessageId, other: participantColumns })
      .from(participants)
      .innerJoin(conversations, eq(conversations.id, participants.conversationId))
      .leftJoin(other, and(eq(other.conversationId, participants.conversationId), ne(other.userId, param("userId"))))
      .leftJoin(users, eq(users.id, other.userId))
      .where(and(eq(participants.conversationId, param("conversationId")), eq(participants.userId, param("userId"))))
      .orderBy(asc(other.createdAt), asc(users.id))
      .prepare(),
  };
});

/**
 * The messages newest first, per number of rows read (written into the SQL: literalLimit): a page
 * (`newest`, or `before` a message id), or the one `messageId`. The page's length stays prepared;
 * the API's other lengths take turns in a short list.
 */
const messageQueries = perDatabaseShape(
  (db: AppDatabase, rows: number) => {
    const param = sql.placeholder;
    const messagesWhere = (condition?: SQL) =>
      db
        .select({ messageId: messages.id, content: messages.content, createdAt: messages.createdAt, hiddenAt: messages.hiddenAt, ...participantColumns })
        .from(messages)
        .innerJoin(users, eq(users.id, messages.authorId))
        .where(and(eq(messages.conversationId, param("conversationId")), condition))
        .orderBy(desc(messages.id))
        .limit(literalLimit(rows))
        .prepare();
    return {
      newest: messagesWhere(),
      before: messagesWhere(lt(messages.id, param("before"))),
      one: messagesWhere(eq(messages.id, param("messageId"))),
    };
  },
  String,
  { maxShapes: 16 },
);

/**
 * The messages of a conversation oldest first: the newest `limit` (before the message `before`, when
 * given), or the one `messageId`. One more row is read than shown: `hasEarlier` says whether older ones exist.
 */
async function messagesOf(
  db: AppDatabase,
  { conversationId, readerId, messageId, before, limit = MESSAGES_MAX }: { conversationId: number; readerId: string; messageId?: number; before?: number; limit?: number },
): Promise<{ messages: MessageView[]; hasEarlier: boolean }> {
  const queries = messageQueries(db, limit + 1);
  const values = { conversationId };
  const rows =
    messageId !== undefined
      ? await queries.one.execute({ ...values, messageId })
      : before !== undefined
        ? await queries.before.execute({ ...values, before })
        : await queries.newest.execute(values);
  const hasEarlier = rows.length > limit;
  const shown = rows.slice(0, limit).reverse().map((row): MessageView => {
    const isOwn = row.id === readerId;
    const isHidden = row.hiddenAt !== null;
    const isWithheld = isHidden && !isOwn;
    return {
      id: row.messageId,
      author: toParticipantView(row),
      content: isWithheld ? "" : row.content,
      html: isWithheld ? "" : renderMarkdown(row.content),
      createdAt: row.createdAt,
      isHidden,
      isOwn,
    };
  });
  return { messages: shown, hasEarlier };
}

/**
 * One conversation as a participant reads it (404 for anyone else), its messages oldest first: the
 * newest `limit` (MESSAGES_MAX unless told), or the `limit` before the message `before` (a page of
 * 'Earlier messages'); `hasEarlier` when older ones exist. Reading does not mark it read (`markConversationRead`).
 */
export async function getConversation({
  userId,
  conversationId,
  before,
  limit,
}: {
  userId: string;
  conversationId: number;
  before?: number;
  limit?: number;
}): Promise<ConversationView & { lastMessageId: number; isUnread: boolean; hasEarlier: boolean }> {
  const db = readDb();
  const memberships = await readQueries(db).membership.execute({ conversationId, userId });
  const membership = memberships.at(0);
  if (!membership) throw notFound(conversationRefusals.notFound);
  const page = await messagesOf(db, { conversationId, readerId: userId, before, limit });
  return {
    id: conversationId,
    subject: membership.subject,
    participants: memberships.flatMap((row) => (row.other ? [toParticipantView(row.other)] : [])),
    messages: page.messages,
    hasEarlier: page.hasEarlier,
    lastMessageId: membership.lastMessageId,
    isUnread: membership.lastMessageId > membership.lastReadMessageId,
  };
}

/** Marks the conversation read up to `messageId` (never backwards) for the member. */
export async function markConversationRead({ userId, conversationId, messageId }: { userId: string; conversationId: number; messageId: number }, writeOptions?: WriteOptions): Promise<void> {
  await write(
    (tx) =>
      tx
        .update(participants)
        .set({ lastReadMessageId: messageId })
        .where(and(eq(participants.conversationId, conversationId), eq(participants.userId, userId), lt(participants.lastReadMessageId, messageId))),
    writeOptions,
  );
}

/**
 * Made once per database: /messages' list in one statement (docs/messages.md, "Performance"). The
 * page of the member's participant rows, ordered by their conversation's last activity (LIMIT first,
 * in a subquery: the conversation, its last message and the others are read for the page's rows
 * only, not for every conversation the member is in), then for each its conversation and last message
 * by primary key and the other members still in it (one row per other member; none when they all
 * left). One round trip, and its SQL is built once, not on every view. The last activity is a
 * correlated subquery by primary key, not a join: joining, PostgreSQL scanned every conversation of
 * the community to hash them (2–3 ms a view on the large community; docs/performance.md).
 */
const listQueries = perDatabase((db: AppDatabase) => {
  const param = sql.placeholder;
  const lastActivity = sql<number>`(select ${conversations.lastMessageAt} from ${conversations} where ${conversations.id} = ${participants.conversationId})`;
  const mine = db
    .select({ conversationId: participants.conversationId, lastReadMessageId: participants.lastReadMessageId, lastActivity: lastActivity.as("last_activity") })
    .from(participants)
    .where(eq(participants.userId, param("userId")))
    .orderBy(desc(lastActivity), desc(participants.conversationId))
    .limit(literalLimit(CONVERSATIONS_PAGE_SIZE + 1))
    .offset(param("offset"))
    .as("mine");
  const other = alias(participants, "other");
  return {
    page: db
      .select({
        id: conversations.id,
        subject: conversations.subject,
        lastMessageId: conversations.lastMessageId,
        lastMessageAt: conversations.lastMessageAt,
        lastReadMessageId: mine.lastReadMessageId,
        lastAuthorId: messages.authorId,
        lastContent: messages.content,
        lastHiddenAt: messages.hiddenAt,
        other: participantColumns,
      })
      .from(mine)
      .innerJoin(conversations, eq(conversations.id, mine.conversationId))
      .leftJoin(messages, eq(messages.id, conversations.lastMessageId))
      .leftJoin(other, and(eq(other.conversationId, mine.conversationId), ne(other.userId, param("userId"))))
      .leftJoin(users, eq(users.id, other.userId))
      // The subquery's order, then the others in the order /messages/{id} gives them (readQueries).
      .orderBy(desc(mine.lastActivity), desc(mine.conversationId), asc(other.createdAt), asc(users.id))
      .prepare(),
  };
});

/** The member's conversations, most recent activity first, with the others in each, the last message's excerpt and the unread marker. */
export async function listConversations({ userId, page = 1 }: { userId: string; page?: number }): Promise<{ conversations: ConversationSummary[]; hasMore: boolean }> {
  const rows = await listQueries(readDb()).page.execute({ userId, offset: (page - 1) * CONVERSATIONS_PAGE_SIZE });
  // Rows come grouped by conversation, in the list's order: one summary per conversation, its others appended.
  const summaries: ConversationSummary[] = [];
  let current: ConversationSummary | undefined;
  for (const row of rows) {
    if (current?.id !== row.id) {
      const last = row.lastAuthorId === null || row.lastContent === null ? undefined : { authorId: row.lastAuthorId, content: row.lastContent, hiddenAt: row.lastHiddenAt };
      const isWithheld = last?.hiddenAt != null && last.authorId !== userId;
      current = {
        id: row.id,
        subject: row.subject,
        participants: [],
        lastMessageAt: row.lastMessageAt,
        lastMessage: last ? { excerpt: isWithheld ? HIDDEN_MESSAGE_TEXT : excerptOf(last.content, 140), authorId: last.authorId } : null,
        unread: row.lastMessageId > row.lastReadMessageId,
      };
      summaries.push(current);
    }
    if (row.other) current.participants.push(toParticipantView(row.other));
  }
  return { hasMore: summaries.length > CONVERSATIONS_PAGE_SIZE, conversations: summaries.slice(0, CONVERSATIONS_PAGE_SIZE) };
}

/** A participant's row whose conversation has a message newer than the one they last read (the copy of decision 0125). */
const isUnread = gt(participants.lastMessageId, participants.lastReadMessageId);

/** What live updates send a member about their conversations (docs/messages.md, "Live"). */
export type MessageSummary = { unreadMessages: number; newestMessageId: number };

/**
 * Made once per database: the live tick's reads of private conversations, each one query for every
 * member (and open conversation) of the tick, whatever their number (decision 0109).
 */
const liveMessageQueries = perDatabase((db: AppDatabase) => {
  const param = sql.placeholder;
  return {
    // conversation_participants_user_idx per member of the JSON list; counted like countUnreadConversations,
    // from the copy of each conversation's newest message on the member's own row (decision 0125).
    summaries: db
      .select({
        userId: participants.userId,
        unreadMessages: count(sql`case when ${isUnread} then 1 end`),
        newestMessageId: max(participants.lastMessageId),
      })
      .from(participants)
      .where(inJsonIds(db, participants.userId, param("userIds"), "text"))
      .groupBy(participants.userId)
      .prepare(),
    // The participants' primary key per conversation of the JSON list; the members are narrowed by the caller's pairs.
    lastMessageIds: db
      .select({ userId: participants.userId, conversationId: participants.conversationId, lastMessageId: participants.lastMessageId })
      .from(participants)
      .where(and(inJsonIds(db, participants.conversationId, param("conversationIds"), "integer"), inJsonIds(db, participants.userId, param("userIds"), "text")))
      .prepare(),
  };
});

/**
 * Each member's envelope count (as countUnreadConversations) and the newest message id in any of
 * their conversations, in one query for all of them: live updates send both, so a read mark and a
 * new message within one tick still change what a stream sees. A member in no conversation: zeros.
 */
export async function messageSummariesOf(userIds: readonly string[]): Promise<Map<string, MessageSummary>> {
  const summaries = new Map<string, MessageSummary>(userIds.map((userId) => [userId, { unreadMessages: 0, newestMessageId: 0 }]));
  if (userIds.length === 0) return summaries;
  const rows = await liveMessageQueries(readDb()).summaries.execute({ userIds: JSON.stringify([...new Set(userIds)]) });
  for (const row of rows) summaries.set(row.userId, { unreadMessages: row.unreadMessages, newestMessageId: row.newestMessageId ?? 0 });
  return summaries;
}

/**
 * For each member and conversation open on their page, the conversation's newest message id, in one
 * query for all of them; 0 for a member not in it (live updates tell outsiders nothing).
 */
export async function lastMessageIdsOf(pages: ReadonlyArray<{ userId: string; conversationId: number }>): Promise<(page: { userId: string; conversationId: number }) => number> {
  const found = new Map<number, Map<string, number>>();
  if (pages.length > 0) {
    const rows = await liveMessageQueries(readDb()).lastMessageIds.execute({
      conversationIds: JSON.stringify([...new Set(pages.map((page) => page.conversationId))]),
      userIds: JSON.stringify([...new Set(pages.map((page) => page.userId))]),
    });
    for (const row of rows) {
      const members = found.get(row.conversationId) ?? new Map<string, number>();
      members.set(row.userId, row.lastMessageId);
      found.set(row.conversationId, members);
    }
  }
  return ({ userId, conversationId }) => found.get(conversationId)?.get(userId) ?? 0;
}

/**
 * The count of `countUnreadConversations` as a column of a query that reads the member's row
 * (`userId` a column of it, or a bound value): the shell reads it in the same statement as the
 * member and their other counts (app/features/notifications/shell-counts.server.ts).
 */
export function unreadConversationsColumn(db: AppDatabase, userId: SQLWrapper) {
  return sql<number>`(select count(*) from ${participants}${indexedBy(db, "conversation_participants_unread_idx")} where ${unreadOf(userId)})`.mapWith(Number);
}

/**
 * The member's conversations with a message they have not read. The conversation's newest message
 * is copied onto each participant's row by the database's triggers, so this reads
 * conversation_participants_unread_idx alone (decision 0125).
 */
function unreadOf(userId: SQLWrapper | string) {
  return and(eq(participants.userId, userId), isUnread);
}

/** How many of the member's conversations hold a message they have not read (the header's envelope). */
export async function countUnreadConversations(userId: string): Promise<number> {
  const [row] = await readDb().select({ total: count() }).from(participants).where(unreadOf(userId));
  return row?.total ?? 0;
}

/**
 * Leaves a conversation: it disappears for the member, the others keep it (404 when not in it).
 * The last one to leave takes it away with its messages, and their pictures nothing else uses
 * (docs/uploads.md, "Garbage collection").
 */
export async function leaveConversation({ userId, conversationId }: { userId: string; conversationId: number }): Promise<void> {
  const removedTexts = await write(async (tx) => {
    const removed = await tx
      .delete(participants)
      .where(and(eq(participants.conversationId, conversationId), eq(participants.userId, userId)))
      .returning({ userId: participants.userId });
    if (removed.length === 0) throw notFound(conversationRefusals.notFound);
    await tx.delete(schema.messageMailBatches).where(and(eq(schema.messageMailBatches.conversationId, conversationId), eq(schema.messageMailBatches.userId, userId)));
    const [left] = await tx.select({ total: count() }).from(participants).where(eq(participants.conversationId, conversationId));
    if ((left?.total ?? 0) > 0) return [];
    const withPictures = await tx
      .select({ content: messages.content })
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), like(messages.content, `%${UPLOADS_PATH}/%`)));
    await tx.delete(conversations).where(eq(conversations.id, conversationId));
    return withPictures.map((message) => message.content);
  });
  void releaseUploads(removedTexts.flatMap(uploadHashesIn)); // never rejects (docs/uploads.md)
}

/** The JSON of GET /api/conversations/{id} (docs/messages.md, "API"). */
export function conversationJson(view: ConversationView) {
  return {
    id: view.id,
    subject: view.subject,
    participants: view.participants,
    messages: view.messages.map(messageJson),
  };
}

/** One message in the API's shape. */
export function messageJson(message: MessageView) {
  const { id, username, displayName } = message.author;
  return { id: message.id, author: { id, username, displayName }, content: message.content, createdAt: message.createdAt, isHidden: message.isHidden };
}

/** A member deleting their own account leaves their messages to the others under 'Deleted member' (a savepoint of the deletion's unit). */
export async function keepMessagesOf(userId: string, deletedMemberId: string): Promise<void> {
  await write((tx) => tx.update(messages).set({ authorId: deletedMemberId }).where(eq(messages.authorId, userId)));
}

/**
 * The member's conversations for 'Download my data' (docs/messages.md, "Privacy"): the ones they
 * are still in, each with its messages; another member is named by username only (never an e-mail).
 */
export async function exportConversationsOf(userId: string) {
  const db = readDb();
  const mine = await db
    .select({ id: conversations.id, subject: conversations.subject, createdAt: conversations.createdAt })
    .from(participants)
    .innerJoin(conversations, eq(conversations.id, participants.conversationId))
    .where(eq(participants.userId, userId))
    .orderBy(asc(conversations.id));
  if (mine.length === 0) return [];
  const rows = await db
    .select({ id: messages.id, conversationId: messages.conversationId, authorId: messages.authorId, authorUsername: users.username, content: messages.content, createdAt: messages.createdAt })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.authorId))
    .where(
      inArray(
        messages.conversationId,
        mine.map((conversation) => conversation.id),
      ),
    )
    .orderBy(asc(messages.id));
  return mine.map((conversation) => ({
    ...conversation,
    messages: rows
      .filter((row) => row.conversationId === conversation.id)
      .map((row) => ({ id: row.id, isMine: row.authorId === userId, author: row.authorId === userId ? null : row.authorUsername, content: row.content, createdAt: row.createdAt })),
  }));
}
