import sharp from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toCurrentUser } from "~/features/auth/auth.server";
import { blockMember } from "~/features/blocks/blocks.server";
import { suspendMember } from "~/features/moderation/suspensions.server";
import { appErrorOfAsync } from "~/test/errors";
import { createMember } from "~/test/factories";
import { row, scalar, statementsDuring } from "~/test/db";
import { updateProfile } from "~/features/members/profile.server";
import { getEnv } from "~/utils/env.server";
import {
  CONVERSATIONS_PAGE_SIZE,
  countUnreadConversations,
  getConversation,
  HIDDEN_MESSAGE_TEXT,
  lastMessageIdsOf,
  leaveConversation,
  listConversations,
  markConversationRead,
  messageSummariesOf,
  sendMessage,
  startConversation,
} from "./conversations.server";
import { deleteMessage, setMessageHidden } from "./moderation.server";
import { conversationTexts } from "./schemas";
import { createReport, resolveReport } from "~/features/reports/reports.server";
import { createUpload, sweepUnusedUploads, toUploadView } from "~/features/uploads/index.server";
import { imageMarkdown } from "~/utils/upload-urls";
import { conversationRefusals } from "./write-rules.server";

let counter = 0;
/** A signed-in member with a username of their own. */
async function member(overrides: Parameters<typeof createMember>[0] = {}) {
  counter += 1;
  return toCurrentUser(await createMember({ username: `member_${counter}_${Math.floor(Math.random() * 1e6)}`, displayName: `Member ${counter}`, ...overrides }));
}
const usernameOf = async (id: string) => scalar<string>("SELECT username FROM users WHERE id = ?", id);

const saved = { ...getEnv() };
afterEach(() => {
  Object.assign(getEnv(), saved);
});

describe("starting a conversation and replying", () => {
  it("starts one (subject optional), the recipient sees it unread, reading marks it read, a reply makes it unread for the other", async () => {
    const ada = await member({ displayName: "Ada" });
    const bob = await member({ displayName: "Bob" });
    const { id } = await startConversation({ actor: ada, input: { to: [`@${(await usernameOf(bob.id)).toUpperCase()}`], subject: " Hello ", content: "Hi **Bob**" } });

    const bobList = await listConversations({ userId: bob.id });
    expect(bobList.conversations).toEqual([
      {
        id,
        subject: "Hello",
        participants: [{ id: ada.id, username: await usernameOf(ada.id), displayName: "Ada", avatarUrl: null }],
        lastMessageAt: expect.any(Date),
        lastMessage: { excerpt: "Hi Bob", authorId: ada.id },
        unread: true,
      },
    ]);
    expect(await countUnreadConversations(bob.id)).toBe(1);
    // The sender has read their own message.
    expect((await listConversations({ userId: ada.id })).conversations[0].unread).toBe(false);
    expect(await countUnreadConversations(ada.id)).toBe(0);

    const view = await getConversation({ userId: bob.id, conversationId: id });
    expect(view.messages.map((message) => [message.author.id, message.content, message.html])).toEqual([[ada.id, "Hi **Bob**", "<p>Hi <strong>Bob</strong></p>\n"]]);
    expect(view.isUnread).toBe(true);
    await markConversationRead({ userId: bob.id, conversationId: id, messageId: view.lastMessageId });
    expect(await countUnreadConversations(bob.id)).toBe(0);

    const reply = await sendMessage({ actor: bob, conversationId: id, input: { content: "Hi Ada" } });
    expect(reply).toMatchObject({ author: { id: bob.id, displayName: "Bob" }, content: "Hi Ada", isOwn: true });
    expect(await countUnreadConversations(ada.id)).toBe(1);
    expect(await countUnreadConversations(bob.id)).toBe(0);
    expect((await getConversation({ userId: ada.id, conversationId: id })).messages.map((message) => message.content)).toEqual(["Hi **Bob**", "Hi Ada"]);
  });

  it("lists the most recent activity first and pages", async () => {
    const ada = await member();
    const others = [await member(), await member(), await member()];
    const ids: number[] = [];
    for (const [index, other] of others.entries()) {
      ids.push((await startConversation({ actor: ada, input: { to: [await usernameOf(other.id)], content: `first ${index}` }, now: new Date(Date.now() - (10 - index) * 60_000) })).id);
    }
    // A reply brings the oldest to the top.
    await sendMessage({ actor: others[0], conversationId: ids[0], input: { content: "back on top" } });
    const list = await listConversations({ userId: ada.id });
    expect(list.conversations.map((conversation) => conversation.id)).toEqual([ids[0], ids[2], ids[1]]);
    expect(list.hasMore).toBe(false);
    expect(list.conversations[0].lastMessage).toEqual({ excerpt: "back on top", authorId: others[0].id });
  });

  it("reads a page of the list in one statement: each conversation once with all its others in order, a page counts conversations (not others)", async () => {
    getEnv().POST_RATE_LIMIT = 1_000;
    const ada = await member({ role: "moderator" }); // staff: no new-member limits on 31 conversations
    const [bob, cat, dan] = [await member({ displayName: "Bob" }), await member({ displayName: "Cat" }), await member({ displayName: "Dan" })];
    const to = [await usernameOf(bob.id), await usernameOf(cat.id)];
    // Joined at the same time: the others come in id order (as on /messages/{id}).
    const namesInOrder = (...others: (typeof ada)[]) => [...others].sort((a, b) => (a.id < b.id ? -1 : 1)).map((other) => other.displayName);
    const start = Date.now() - 3_600_000;
    const ids: number[] = [];
    // CONVERSATIONS_PAGE_SIZE + 1 conversations with two others each; the oldest with Dan too.
    for (let index = 0; index <= CONVERSATIONS_PAGE_SIZE; index++) {
      const input = { to: index === 0 ? [...to, await usernameOf(dan.id)] : to, content: `number ${index}` };
      ids.push((await startConversation({ actor: ada, input, now: new Date(start + index * 1000) })).id);
    }
    await leaveConversation({ userId: bob.id, conversationId: ids[1] });
    let first: Awaited<ReturnType<typeof listConversations>> | undefined;
    expect(await statementsDuring(async () => (first = await listConversations({ userId: ada.id })))).toHaveLength(1);
    expect(first!.hasMore).toBe(true);
    expect(first!.conversations.map((conversation) => conversation.id)).toEqual(ids.slice(1).reverse());
    expect(first!.conversations.at(0)?.participants.map((participant) => participant.displayName)).toEqual(namesInOrder(bob, cat));
    expect(first!.conversations.at(0)?.lastMessage).toEqual({ excerpt: `number ${CONVERSATIONS_PAGE_SIZE}`, authorId: ada.id });
    expect(first!.conversations.at(-1)?.participants.map((participant) => participant.displayName)).toEqual(["Cat"]);
    const second = await listConversations({ userId: ada.id, page: 2 });
    expect(second.hasMore).toBe(false);
    expect(second.conversations.map((conversation) => [conversation.id, conversation.participants.map((participant) => participant.displayName)])).toEqual([[ids[0], namesInOrder(bob, cat, dan)]]);
    expect((await listConversations({ userId: ada.id, page: 3 })).conversations).toEqual([]);
  });

  it("reads a conversation in two statements: the reader's row with the others still in it, then the page of messages", async () => {
    const [ada, bob, cat] = [await member(), await member({ displayName: "Bob" }), await member({ displayName: "Cat" })];
    const { id } = await startConversation({ actor: ada, input: { to: [await usernameOf(bob.id), await usernameOf(cat.id)], content: "To both" } });
    const reply = await sendMessage({ actor: cat, conversationId: id, input: { content: "From Cat" } });
    let view: Awaited<ReturnType<typeof getConversation>> | undefined;
    expect(await statementsDuring(async () => (view = await getConversation({ userId: ada.id, conversationId: id })))).toHaveLength(2);
    expect(view!.participants.map((participant) => participant.displayName).sort()).toEqual(["Bob", "Cat"]);
    expect(view!.messages.map((message) => [message.content, message.isOwn])).toEqual([
      ["To both", true],
      ["From Cat", false],
    ]);
    expect(view).toMatchObject({ lastMessageId: reply.id, isUnread: true, hasEarlier: false });
    await leaveConversation({ userId: bob.id, conversationId: id });
    await leaveConversation({ userId: cat.id, conversationId: id });
    expect((await getConversation({ userId: ada.id, conversationId: id })).participants).toEqual([]);
    const earlier = await getConversation({ userId: ada.id, conversationId: id, before: reply.id, limit: 1 });
    expect(earlier.messages.map((message) => message.content)).toEqual(["To both"]);
    expect(earlier.hasEarlier).toBe(false);
  });

  it("refuses bad input with 400 and field messages: no recipient, unknown usernames named, more than 8, oneself, empty or long content, long subject", async () => {
    const ada = await member();
    const bob = await member();
    const bobName = await usernameOf(bob.id);
    const fieldsOf = async (input: unknown) => {
      const error = await appErrorOfAsync(() => startConversation({ actor: ada, input }));
      expect(error.status).toBe(400);
      return error.fieldErrors;
    };
    expect((await fieldsOf({ to: [], content: "x" }))?.to).toEqual([conversationTexts.noRecipient]);
    expect((await fieldsOf({ to: " , ", content: "x" }))?.to).toEqual([conversationTexts.noRecipient]);
    expect((await fieldsOf({ to: [bobName, "nobody_here", "ghost_two"], content: "x" }))?.to).toEqual(["No member is called @nobody_here, @ghost_two."]);
    expect((await fieldsOf({ to: ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9"], content: "x" }))?.to).toEqual([conversationTexts.tooManyRecipients]);
    expect((await fieldsOf({ to: [await usernameOf(ada.id)], content: "x" }))?.to).toEqual([conversationRefusals.self]);
    expect((await fieldsOf({ to: bobName, content: "   " }))?.content).toEqual([conversationTexts.emptyMessage]);
    expect((await fieldsOf({ to: bobName, content: "x".repeat(10_001) }))?.content).toEqual(["Message must be at most 10,000 characters"]);
    expect((await fieldsOf({ to: bobName, subject: "s".repeat(201), content: "x" }))?.subject).toEqual(["Subject must be at most 200 characters"]);
    // The form's text of names separated by commas and spaces works like the API's list.
    expect((await startConversation({ actor: ada, input: { to: `${bobName}, `, content: "x" } })).id).toBeGreaterThan(0);
  });

  it("a group of up to 8 others: each sees the others", async () => {
    const ada = await member();
    const group = [];
    for (let index = 0; index < 8; index += 1) group.push(await member());
    const { id } = await startConversation({ actor: ada, input: { to: await Promise.all(group.map((other) => usernameOf(other.id))), content: "all of you" } });
    const seen = await getConversation({ userId: group[3].id, conversationId: id });
    expect(seen.participants).toHaveLength(8);
    expect(seen.participants.map((participant) => participant.id)).toContain(ada.id);
    expect(seen.participants.map((participant) => participant.id)).not.toContain(group[3].id);
  });
});

describe("who may read", () => {
  it("someone not in the conversation gets 404 for reading, replying and leaving; so does a moderator", async () => {
    const ada = await member();
    const bob = await member();
    const outsider = await member();
    const moderator = await member({ role: "moderator" });
    const { id } = await startConversation({ actor: ada, input: { to: [await usernameOf(bob.id)], content: "private" } });
    for (const reader of [outsider, moderator]) {
      expect((await appErrorOfAsync(() => getConversation({ userId: reader.id, conversationId: id }))).status).toBe(404);
      expect((await appErrorOfAsync(() => sendMessage({ actor: reader, conversationId: id, input: { content: "let me in" } }))).status).toBe(404);
      expect((await appErrorOfAsync(() => leaveConversation({ userId: reader.id, conversationId: id }))).status).toBe(404);
      expect((await listConversations({ userId: reader.id })).conversations).toEqual([]);
    }
    expect((await appErrorOfAsync(() => getConversation({ userId: ada.id, conversationId: 999_999 }))).status).toBe(404);
  });

  it("leaving: it disappears for me, the others keep it; when everyone else left a message is refused; the last one out removes it", async () => {
    const ada = await member();
    const bob = await member();
    const { id } = await startConversation({ actor: ada, input: { to: [await usernameOf(bob.id)], content: "hello" } });
    await leaveConversation({ userId: bob.id, conversationId: id });
    expect((await listConversations({ userId: bob.id })).conversations).toEqual([]);
    expect((await appErrorOfAsync(() => getConversation({ userId: bob.id, conversationId: id }))).status).toBe(404);
    expect(await countUnreadConversations(bob.id)).toBe(0);
    const kept = await getConversation({ userId: ada.id, conversationId: id });
    expect(kept.participants).toEqual([]);
    expect(kept.messages).toHaveLength(1);
    expect(await appErrorOfAsync(() => sendMessage({ actor: ada, conversationId: id, input: { content: "anyone?" } }))).toMatchObject({ status: 403, message: conversationRefusals.everyoneLeft });
    await leaveConversation({ userId: ada.id, conversationId: id });
    expect(await scalar("SELECT count(*) FROM conversations WHERE id = ?", id)).toBe(0);
    expect(await scalar("SELECT count(*) FROM messages WHERE conversation_id = ?", id)).toBe(0);
  });
});

describe("who may write to whom", () => {
  it("a member who turned private messages off is refused (403, with their name); moderators and admins still may write", async () => {
    const ada = await member();
    const quiet = await member({ displayName: "Quiet Quinn" });
    const moderator = await member({ role: "moderator" });
    const admin = await member({ role: "admin" });
    await updateProfile(quiet.id, { allowPrivateMessages: false });
    const to = [await usernameOf(quiet.id)];
    expect(await appErrorOfAsync(() => startConversation({ actor: ada, input: { to, content: "hi" } }))).toMatchObject({ status: 403, message: conversationRefusals.closed("Quiet Quinn") });
    const { id } = await startConversation({ actor: moderator, input: { to: [...to, await usernameOf(ada.id)], content: "moderation note" } });
    expect((await startConversation({ actor: admin, input: { to, content: "admin note" } })).id).toBeGreaterThan(id);
    // In the moderator's group, Ada's reply reaches Quinn too: refused.
    expect((await appErrorOfAsync(() => sendMessage({ actor: ada, conversationId: id, input: { content: "me too" } }))).status).toBe(403);
    // Quinn may answer the moderator.
    expect((await sendMessage({ actor: quiet, conversationId: (await startConversation({ actor: moderator, input: { to, content: "1:1" } })).id, input: { content: "ok" } })).content).toBe("ok");
  });

  it("blocks refuse both ways, naming the member; a moderator's block is no shield against moderation", async () => {
    const ada = await member();
    const bob = await member({ displayName: "Bob" });
    const cat = await member({ displayName: "Cat" });
    await blockMember({ blocker: bob, memberId: ada.id });
    await blockMember({ blocker: ada, memberId: cat.id });
    expect(await appErrorOfAsync(async () => startConversation({ actor: ada, input: { to: [await usernameOf(bob.id)], content: "hi" } }))).toMatchObject({
      status: 403,
      message: conversationRefusals.blockedByThem("Bob"),
    });
    expect(await appErrorOfAsync(async () => startConversation({ actor: ada, input: { to: [await usernameOf(cat.id)], content: "hi" } }))).toMatchObject({
      status: 403,
      message: conversationRefusals.blockedByYou("Cat"),
    });
    // And the blocked side cannot write back either.
    expect((await appErrorOfAsync(async () => startConversation({ actor: cat, input: { to: [await usernameOf(ada.id)], content: "hi" } }))).status).toBe(403);
    // A block made after the conversation started stops replies too.
    const dan = await member();
    const { id } = await startConversation({ actor: ada, input: { to: [await usernameOf(dan.id)], content: "hello" } });
    await blockMember({ blocker: dan, memberId: ada.id });
    expect((await appErrorOfAsync(() => sendMessage({ actor: ada, conversationId: id, input: { content: "still there?" } }))).status).toBe(403);
  });

  it("a silenced member cannot send (403 with the reason); nothing is written", async () => {
    const ada = await member();
    const bob = await member();
    const moderator = await member({ role: "moderator" });
    const { id } = await startConversation({ actor: ada, input: { to: [await usernameOf(bob.id)], content: "hello" } });
    await suspendMember({ actor: moderator, userId: ada.id, kind: "silence", days: 1, reason: "Cooling off" });
    const error = await appErrorOfAsync(async () => startConversation({ actor: ada, input: { to: [await usernameOf(bob.id)], content: "again" } }));
    expect(error.status).toBe(403);
    expect(error.message).toContain("Cooling off");
    expect((await appErrorOfAsync(() => sendMessage({ actor: ada, conversationId: id, input: { content: "reply" } }))).status).toBe(403);
    expect(await scalar("SELECT count(*) FROM messages WHERE author_id = ?", ada.id)).toBe(1);
  });

  it("new members start at most NEW_MEMBER_CONVERSATIONS_PER_DAY conversations a day; replies and staff are not limited", async () => {
    Object.assign(getEnv(), { NEW_MEMBER_HOURS: 24, NEW_MEMBER_MIN_POSTS: 3, NEW_MEMBER_CONVERSATIONS_PER_DAY: 3, POST_RATE_LIMIT: 100 });
    const newcomer = await member();
    const bob = await member();
    const to = [await usernameOf(bob.id)];
    const ids = [];
    for (let index = 0; index < 3; index += 1) ids.push((await startConversation({ actor: newcomer, input: { to, content: `hi ${index}` } })).id);
    expect(await appErrorOfAsync(() => startConversation({ actor: newcomer, input: { to, content: "one more" } }))).toMatchObject({
      status: 403,
      message: conversationRefusals.dailyLimit(3),
    });
    expect((await sendMessage({ actor: newcomer, conversationId: ids[0], input: { content: "a reply is fine" } })).id).toBeGreaterThan(0);
    // A day later the count starts again.
    expect((await startConversation({ actor: newcomer, input: { to, content: "tomorrow" }, now: new Date(Date.now() + 25 * 3_600_000) })).id).toBeGreaterThan(0);
    const moderator = await member({ role: "moderator", joinedAt: new Date() });
    for (let index = 0; index < 4; index += 1) await startConversation({ actor: moderator, input: { to, content: `note ${index}` } });
  });

  it("messages count toward the posting rate limit (429) and the new-member link limit (400)", async () => {
    Object.assign(getEnv(), { NEW_MEMBER_HOURS: 24, NEW_MEMBER_MIN_POSTS: 3, NEW_MEMBER_MAX_LINKS: 1, NEW_MEMBER_CONVERSATIONS_PER_DAY: 10, POST_RATE_LIMIT: 4 });
    const newcomer = await member();
    const bob = await member();
    const to = [await usernameOf(bob.id)];
    const links = await appErrorOfAsync(() => startConversation({ actor: newcomer, input: { to, content: "https://a.example https://b.example" } }));
    expect(links.status).toBe(400);
    expect(links.fieldErrors?.content?.[0]).toMatch(/^New members can add at most 1 link to a message \(this one has 2\)/);
    const { id } = await startConversation({ actor: newcomer, input: { to, content: "one" } });
    // A new member gets half of POST_RATE_LIMIT: 2 per window.
    await sendMessage({ actor: newcomer, conversationId: id, input: { content: "two" } });
    expect((await appErrorOfAsync(() => sendMessage({ actor: newcomer, conversationId: id, input: { content: "three" } }))).status).toBe(429);
  });
});

describe("moderation", () => {
  it("a hidden message shows as hidden to the others and as written to its author; deleting the last message moves the conversation's last one back", async () => {
    const ada = await member();
    const bob = await member();
    const { id } = await startConversation({ actor: ada, input: { to: [await usernameOf(bob.id)], content: "first" } });
    const second = await sendMessage({ actor: ada, conversationId: id, input: { content: "rude" } });
    await setMessageHidden(second.id, { by: null });
    const forBob = await getConversation({ userId: bob.id, conversationId: id });
    expect(forBob.messages[1]).toMatchObject({ isHidden: true, content: "", html: "" });
    expect((await listConversations({ userId: bob.id })).conversations[0].lastMessage?.excerpt).toBe(HIDDEN_MESSAGE_TEXT);
    expect((await getConversation({ userId: ada.id, conversationId: id })).messages[1]).toMatchObject({ isHidden: true, content: "rude" });
    await deleteMessage(second.id);
    expect((await listConversations({ userId: bob.id })).conversations[0].lastMessage?.excerpt).toBe("first");
  });
});

describe("the envelope's count (the conversation's newest message copied onto each participant's row, decision 0125)", () => {
  const copiesOutOfStep = () =>
    scalar<number>("SELECT count(*) FROM conversation_participants p JOIN conversations c ON c.id = p.conversation_id WHERE p.last_message_id <> c.last_message_id");

  it("follows whatever moves the newest message: a new conversation, a reply, reading, a deleted last message", async () => {
    const ada = await member();
    const bob = await member();
    const cat = await member();
    const { id } = await startConversation({ actor: ada, input: { to: [await usernameOf(bob.id), await usernameOf(cat.id)], content: "first" } });
    expect([await countUnreadConversations(bob.id), await countUnreadConversations(cat.id), await countUnreadConversations(ada.id)]).toEqual([1, 1, 0]);
    const view = await getConversation({ userId: bob.id, conversationId: id });
    await markConversationRead({ userId: bob.id, conversationId: id, messageId: view.lastMessageId });
    expect(await countUnreadConversations(bob.id)).toBe(0);

    const second = await sendMessage({ actor: ada, conversationId: id, input: { content: "second" } });
    expect([await countUnreadConversations(bob.id), await countUnreadConversations(cat.id)]).toEqual([1, 1]);
    expect(await copiesOutOfStep()).toBe(0);

    // Bob had read "first": once "second" is gone, nothing is unread for him; Cat still has "first".
    await deleteMessage(second.id);
    expect([await countUnreadConversations(bob.id), await countUnreadConversations(cat.id)]).toEqual([0, 1]);
    expect(await copiesOutOfStep()).toBe(0);
  });
});

describe("what live updates read (one query for every member of a tick)", () => {
  it("reads every member's envelope count and newest message, and every open conversation's newest message, in one query each", async () => {
    const ada = await member();
    const bob = await member();
    const cat = await member();
    const loner = await member(); // in no conversation
    const first = await startConversation({ actor: ada, input: { to: [await usernameOf(bob.id), await usernameOf(cat.id)], content: "To both" } });
    const second = await startConversation({ actor: bob, input: { to: [await usernameOf(ada.id)], content: "Just Ada" } });
    const reply = await sendMessage({ actor: cat, conversationId: first.id, input: { content: "From Cat" } });
    const newestOf = async (conversationId: number) => (await getConversation({ userId: ada.id, conversationId })).lastMessageId;
    const newestOfSecond = await newestOf(second.id);

    let summaries: Awaited<ReturnType<typeof messageSummariesOf>> | undefined;
    const statements = await statementsDuring(async () => {
      summaries = await messageSummariesOf([ada.id, bob.id, cat.id, loner.id, ada.id]);
    });
    expect(statements).toHaveLength(1);
    expect(Object.fromEntries(summaries!)).toEqual({
      [ada.id]: { unreadMessages: 2, newestMessageId: Math.max(reply.id, newestOfSecond) },
      [bob.id]: { unreadMessages: 1, newestMessageId: Math.max(reply.id, newestOfSecond) },
      [cat.id]: { unreadMessages: 0, newestMessageId: reply.id },
      [loner.id]: { unreadMessages: 0, newestMessageId: 0 },
    });
    // The same counts as the header's envelope reads one member at a time.
    for (const who of [ada, bob, cat, loner]) expect(summaries!.get(who.id)?.unreadMessages).toBe(await countUnreadConversations(who.id));

    let lastMessageIdOf: Awaited<ReturnType<typeof lastMessageIdsOf>> | undefined;
    const pages = [
      { userId: ada.id, conversationId: first.id },
      { userId: ada.id, conversationId: second.id },
      { userId: bob.id, conversationId: first.id },
      { userId: cat.id, conversationId: second.id }, // not in it: told nothing
    ];
    expect(await statementsDuring(async () => (lastMessageIdOf = await lastMessageIdsOf(pages)))).toHaveLength(1);
    expect(pages.map((page) => lastMessageIdOf!(page))).toEqual([reply.id, newestOfSecond, reply.id, 0]);
    expect(await statementsDuring(() => lastMessageIdsOf([]))).toEqual([]);
    expect(await statementsDuring(() => messageSummariesOf([]))).toEqual([]);
  });
});

describe("pictures in messages (docs/uploads.md, \"Garbage collection\")", () => {
  const pictureIn = async (ownerId: string, color: string) => {
    const upload = await createUpload({ ownerId, bytes: await sharp({ create: { width: 24, height: 16, channels: 3, background: color } }).png().toBuffer(), kind: "image" });
    return { hash: upload.hash, markdown: imageMarkdown("a picture", toUploadView(upload).url) };
  };
  const rowsOf = async (hash: string) => Number((await row<{ total: number }>("SELECT count(*) AS total FROM uploads WHERE hash = ?", hash))?.total ?? 0);
  // The release runs after the deleting unit commits, without the caller waiting: poll for it.
  const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5_000, interval: 20 });

  it("a message deleted through the report queue releases its pictures; one still used by another message stays; the sweep keeps a message's picture", async () => {
    const ada = await member();
    const bob = await member();
    const moderator = await member({ role: "moderator" });
    const only = await pictureIn(ada.id, "#123456");
    const shared = await pictureIn(ada.id, "#654321");
    const { id } = await startConversation({ actor: ada, input: { to: [await usernameOf(bob.id)], content: `Look ${shared.markdown}` } });
    const reported = await sendMessage({ actor: ada, conversationId: id, input: { content: `Rude ${only.markdown} ${shared.markdown}` } });
    // Pictures only a message uses are in use: the start-up sweep (a day old) keeps them.
    await sweepUnusedUploads(-60_000);
    expect([await rowsOf(only.hash), await rowsOf(shared.hash)]).toEqual([1, 1]);

    const report = await createReport({ actor: bob, input: { targetType: "message", targetId: String(reported.id), reason: "harassment" } });
    await resolveReport({ actor: moderator, reportId: report.id, input: { action: "delete" } });
    await eventually(async () => expect(await rowsOf(only.hash)).toBe(0));
    expect(await rowsOf(shared.hash)).toBe(1);
  });

  it("deleteMessage releases the pictures; the last one to leave a conversation releases its messages' pictures", async () => {
    const ada = await member();
    const bob = await member();
    const first = await pictureIn(bob.id, "#0f1e2d");
    const second = await pictureIn(ada.id, "#2d1e0f");
    const { id } = await startConversation({ actor: ada, input: { to: [await usernameOf(bob.id)], content: `Hello ${second.markdown}` } });
    const message = await sendMessage({ actor: bob, conversationId: id, input: { content: first.markdown } });
    await deleteMessage(message.id);
    await eventually(async () => expect(await rowsOf(first.hash)).toBe(0));
    await leaveConversation({ userId: ada.id, conversationId: id });
    expect(await rowsOf(second.hash)).toBe(1); // Bob keeps the conversation
    await leaveConversation({ userId: bob.id, conversationId: id });
    await eventually(async () => expect(await rowsOf(second.hash)).toBe(0));
  });
});
