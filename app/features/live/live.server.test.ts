import Database from "better-sqlite3";
import { describe, expect, it, vi } from "vitest";
import { withPostgresClient } from "~/test/postgres";
import { getEnv } from "~/utils/env.server";
import { registryPathFor, RENEW_INTERVAL_MS } from "./stream-registry.server";
import { createActor, createTestPost } from "~/features/discussions/test-helpers";
import { createReply } from "~/features/discussions/replies.server";
import { endLiveStreams, LIVE_STREAMS_PER_MEMBER, liveStats, openLiveStream, openStreamCount } from "./live.server";
import { eq } from "drizzle-orm";
import { schema, write } from "~/utils/db.server";
import { createUserSession, deleteOtherSessions, getSessionStorage } from "~/utils/session.server";

/** Signs the member in (a session row, as /login makes); returns the session id. */
async function signIn(userId: string): Promise<string> {
  const cookie = (await createUserSession(new Request("http://localhost/login"), userId)).split(";")[0];
  return (await getSessionStorage().getSession(cookie)).id;
}

/** Whether the stream ends (the server closes it) within `timeoutMs`. */
async function endsWithin(reader: ReadableStreamDefaultReader<Uint8Array>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const timeout = new Promise<"waiting">((resolve) => setTimeout(() => resolve("waiting"), deadline - Date.now()));
    const chunk = await Promise.race([reader.read(), timeout]);
    if (chunk === "waiting") return false;
    if (chunk.done) return true;
  }
  return false;
}

/** Deletes a member's rows from this engine's register of streams, as another box's sweep would. */
async function deleteRegisterRowsOf(userId: string): Promise<void> {
  const { database, databasePath } = getEnv();
  if (database.engine === "postgres") {
    await withPostgresClient(database.url, (client) => client.query("DELETE FROM live_streams WHERE user_id = $1", [userId]));
    return;
  }
  const register = new Database(registryPathFor(databasePath));
  try {
    register.prepare("DELETE FROM live_streams WHERE user_id = ?").run(userId);
  } finally {
    register.close();
  }
}
import { statusOfAsync } from "~/test/errors";
import { sendMessage, startConversation } from "~/features/conversations/conversations.server";
import { statementsDuring, writeFromAnotherProcess } from "~/test/db";

async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, text: string): Promise<string> {
  const decoder = new TextDecoder();
  let received = "";
  while (!received.includes(text)) {
    const chunk = await reader.read();
    if (chunk.done) break;
    received += decoder.decode(chunk.value, { stream: true });
  }
  return received;
}

describe("live streams", () => {
  it("private conversations: the unread count on every stream, the open conversation's newest message for a member in it", async () => {
    const reader = await createActor();
    const writer = await createActor();
    const { id } = await startConversation({ actor: writer, input: { to: [reader.username], content: "first" } });
    const response = await openLiveStream({ userId: reader.id, sessionId: await signIn(reader.id), postId: null, discussionsSince: null, conversationId: id, signal: new AbortController().signal });
    const stream = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await readUntil(stream, "event: messages");
    expect(first).toMatch(new RegExp(`event: messages\ndata: \\{"unreadMessages":1,"newestMessageId":\\d+,"conversationId":${id},"lastMessageId":\\d+\\}`));
    const sent = await sendMessage({ actor: writer, conversationId: id, input: { content: "second" } });
    const next = await readUntil(stream, `"lastMessageId":${sent.id}`);
    expect(next).toContain(`"lastMessageId":${sent.id}`);
    endLiveStreams();
  });

  it("reads private conversations for all the tick's streams in two queries, however many members and conversation pages", async () => {
    const members = [await createActor(), await createActor(), await createActor(), await createActor()];
    const [ada, ...others] = members;
    const usernames = others.map((other) => other.username);
    const { id } = await startConversation({ actor: ada, input: { to: usernames, content: "To everyone" } });
    const open = async (member: (typeof members)[number], conversationId: number | null) => {
      const response = await openLiveStream({ userId: member.id, sessionId: await signIn(member.id), postId: null, discussionsSince: null, conversationId, signal: new AbortController().signal });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      await readUntil(reader, "event: messages");
      return reader;
    };
    const adaReader = await open(ada, id);
    await open(others[0], id);
    for (const other of others.slice(1)) await open(other, null);
    // A read mark undone by another process: the next tick reads every stream's state, and Ada's changes.
    const statements = await statementsDuring(async () => {
      await writeFromAnotherProcess("UPDATE conversation_participants SET last_read_message_id = 0 WHERE conversation_id = ?", id);
      await readUntil(adaReader, '"unreadMessages":1');
    });
    // Before: two queries per member and one per conversation page (ten here).
    expect(statements.filter((statement) => statement.includes("conversation_participants"))).toHaveLength(2);
    endLiveStreams();
  });

  it("sends the current state, then changes written to the database, and ends on shutdown", async () => {
    const member = await createActor();
    const replier = await createActor();
    const post = await createTestPost(member);
    const controller = new AbortController();
    const response = await openLiveStream({ userId: member.id, sessionId: await signIn(member.id), postId: post.id, discussionsSince: Date.now(), signal: controller.signal });
    expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("X-Accel-Buffering")).toBe("no");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await readUntil(reader, "event: discussions");
    expect(first).toContain('event: notifications\ndata: {"unreadNotifications":0}');
    expect(first).toContain(`"repliesCount":0`);
    await createReply({ actor: replier, postId: post.id, input: { content: "live!" } });
    const next = await readUntil(reader, `"repliesCount":1`);
    expect(next).toContain('data: {"unreadNotifications":1}');
    // The tick's time is recorded (its speed is the bench's business, docs/performance.md, not a timed test's).
    expect(liveStats.lastTickMs).toBeGreaterThanOrEqual(0);
    expect(openStreamCount()).toBe(1);
    endLiveStreams();
    expect(openStreamCount()).toBe(0);
    expect((await reader.read()).done).toBe(true);
  });

  it("refuses more than the per-member limit with a clear 429, and frees a place when a stream ends", async () => {
    const member = await createActor();
    const sessionId = await signIn(member.id);
    const controllers = Array.from({ length: LIVE_STREAMS_PER_MEMBER }, () => new AbortController());
    for (const controller of controllers) await openLiveStream({ userId: member.id, sessionId, postId: null, discussionsSince: null, signal: controller.signal });
    expect(await statusOfAsync(() => openLiveStream({ userId: member.id, sessionId, postId: null, discussionsSince: null, signal: new AbortController().signal }))).toBe(429);
    controllers[0].abort();
    await vi.waitFor(async () => expect(await statusOfAsync(() => openLiveStream({ userId: member.id, sessionId, postId: null, discussionsSince: null, signal: new AbortController().signal }))).toBe("ok"));
    endLiveStreams();
  });

  it("renews its register rows every few seconds, and ends a stream whose row is gone (its place may be another stream's by now)", async () => {
    const keeper = await createActor();
    const loser = await createActor();
    const open = async (userId: string) =>
      ((await openLiveStream({ userId, sessionId: await signIn(userId), postId: null, discussionsSince: null, signal: new AbortController().signal })).body as ReadableStream<Uint8Array>).getReader();
    const kept = await open(keeper.id);
    const lost = await open(loser.id);
    // The row expired and was swept by another box while this worker stalled past its lease.
    await deleteRegisterRowsOf(loser.id);
    const realNow = Date.now.bind(Date);
    const clock = vi.spyOn(Date, "now").mockImplementation(() => realNow() + RENEW_INTERVAL_MS);
    try {
      expect(await endsWithin(lost, 3_000)).toBe(true);
      expect(await endsWithin(kept, 1_500)).toBe(false);
      expect(openStreamCount()).toBe(1);
    } finally {
      clock.mockRestore();
      endLiveStreams();
    }
  });

  it("ends the streams of a session that ended (another session signed them out) and of a member suspended, within a few seconds", async () => {
    const member = await createActor();
    const here = await signIn(member.id);
    const elsewhere = await signIn(member.id);
    const open = async (sessionId: string) =>
      ((await openLiveStream({ userId: member.id, sessionId, postId: null, discussionsSince: null, signal: new AbortController().signal })).body as ReadableStream<Uint8Array>).getReader();
    const kept = await open(here);
    const signedOut = await open(elsewhere);
    // "Sign out other sessions" (and a password change) from `here`: only `elsewhere`'s stream ends.
    await deleteOtherSessions(member.id, here);
    expect(await endsWithin(signedOut, 3_000)).toBe(true);
    expect(openStreamCount()).toBe(1);
    // Suspended (here without the session deletion suspendMember also does): the member's stream ends too.
    await write((tx) => tx.update(schema.users).set({ suspendedUntil: new Date(Date.now() + 60_000) }).where(eq(schema.users.id, member.id)));
    expect(await endsWithin(kept, 3_000)).toBe(true);
    expect(openStreamCount()).toBe(0);
  });

  it("keeps the stream of a member whose suspension has ended", async () => {
    const member = await createActor();
    await write((tx) => tx.update(schema.users).set({ suspendedUntil: new Date(Date.now() - 1_000) }).where(eq(schema.users.id, member.id)));
    const reader = ((await openLiveStream({ userId: member.id, sessionId: await signIn(member.id), postId: null, discussionsSince: null, signal: new AbortController().signal })).body as ReadableStream<Uint8Array>).getReader();
    await write((tx) => tx.update(schema.users).set({ firstName: "Moved" }).where(eq(schema.users.id, member.id)));
    expect(await endsWithin(reader, 2_500)).toBe(false);
    endLiveStreams();
  });

  it("counts each /discussions stream's new discussions by others since its own page load, read once for all of them", async () => {
    const author = await createActor();
    const early = await createActor();
    const late = await createActor();
    const readerOf = async (member: Awaited<ReturnType<typeof createActor>>, since: number) =>
      ((await openLiveStream({ userId: member.id, sessionId: await signIn(member.id), postId: null, discussionsSince: since, signal: new AbortController().signal })).body as ReadableStream<Uint8Array>).getReader();
    const earlyReader = await readerOf(early, Date.now() - 1_000);
    await createTestPost(author);
    await createTestPost(early); // their own: never counted for them
    await new Promise((resolve) => setTimeout(resolve, 5));
    const lateReader = await readerOf(late, Date.now());
    expect(await readUntil(lateReader, "event: discussions")).toContain('data: {"newDiscussions":0}');
    await createTestPost(author);
    expect(await readUntil(earlyReader, '{"newDiscussions":2}')).toContain('{"newDiscussions":2}');
    expect(await readUntil(lateReader, '{"newDiscussions":1}')).toContain('{"newDiscussions":1}');
    endLiveStreams();
  });
});
