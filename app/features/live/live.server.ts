/**
 * Live updates over Server-Sent Events (docs/discussions.md, "Live updates"; decision 0070).
 *
 * Every worker polls the shared SQLite database once a second, and only does work when the
 * database's write version moved (databaseVersion(): a commit by any process, on this box or,
 * later, through a shared database, moves it; decision 0102). It then recomputes each open
 * stream's small state (unread notifications; a post's reply and like counts; new discussions
 * since the page loaded) with indexed reads and sends what changed. No writer has to publish
 * anything, so a reply written in one worker reaches a stream held by another within a second.
 * On the same wake-ups (and at least every SESSION_CHECK_INTERVAL_MS) each stream's session is
 * checked in the database: a stream whose session was ended (signing out, a password change, "sign
 * out other sessions", suspension, deletion) or whose member is suspended ends.
 */
import { and, count, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { countUnreadConversations, lastMessageIdOf, newestMessageIdFor } from "~/features/conversations/index.server";
import { isNotSuspendedAt } from "~/features/moderation/index.server";
import { databaseVersion, readDb, schema, type AppDatabase } from "~/utils/db.server";
import { inJsonIds } from "~/utils/sql-dialect.server";
import { perDatabase } from "~/utils/statement-cache.server";
import { AppError, logServerError } from "~/utils/errors.server";
import { getStreamRegistry } from "./stream-registry.server";

export const LIVE_STREAMS_PER_MEMBER = 5;
export const POLL_INTERVAL_MS = 1_000;
export const HEARTBEAT_INTERVAL_MS = 20_000;
/** A stream's session is re-checked whenever the database moved, and at least this often (expiry). */
export const SESSION_CHECK_INTERVAL_MS = 5_000;

type StreamState = { unread?: number; post?: string; discussions?: number; messages?: string };
type LiveStream = {
  /** The stream's row in the cluster-wide register (stream-registry.server.ts). */
  id: string;
  userId: string;
  /** The session the stream was opened with: the stream ends when it does. */
  sessionId: string;
  postId: number | null;
  discussionsSince: number | null;
  /** The conversation open on /messages/{id} (its newest message is sent when it changes). */
  conversationId: number | null;
  state: StreamState;
  send: (chunk: string) => void;
  close: () => void;
};

const streams = new Set<LiveStream>();
let poller: ReturnType<typeof setInterval> | undefined;
let lastVersion = "";
let lastHeartbeat = Date.now();
let lastSessionCheck = Date.now();
const encoder = new TextEncoder();

export const liveStats = { ticks: 0, recomputes: 0, lastTickMs: 0 };

function event(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The count the /discussions bar shows stops here (it says "99 new discussions" at most). */
export const NEW_DISCUSSIONS_CAP = 99;

/** Made once per database: every open stream reads these on each tick the database moved. */
const liveQueries = perDatabase((db: AppDatabase) => {
  const { notifications, posts, sessions, users } = schema;
  const param = sql.placeholder;
  return {
    // Of the streams' sessions (a JSON list of sids), those still valid: unexpired, their member
    // not suspended (a deleted member's sessions are gone). One query per tick for every stream.
    validSessions: db
      .select({ sid: sessions.sid })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(inJsonIds(db, sessions.sid, param("sids"), "text"), gt(sessions.expire, param("now")), isNotSuspendedAt(param("now"))))
      .prepare(),
    // notifications_user_unread_idx: an index range count.
    unread: db
      .select({ unread: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, param("userId")), isNull(notifications.readAt)))
      .prepare(),
    post: db.select({ repliesCount: posts.repliesCount, likesCount: posts.likesCount }).from(posts).where(eq(posts.id, param("postId"))).prepare(),
    // posts_created_idx from the page's load time on, stopping at the cap.
    newDiscussions: db
      .select({ one: sql`1` })
      .from(posts)
      .where(and(gt(posts.createdAt, param("since")), ne(posts.authorId, param("userId"))))
      .limit(NEW_DISCUSSIONS_CAP)
      .prepare(),
  };
});

type TickCache = { unread: Map<string, number>; posts: Map<number, string>; unreadMessages: Map<string, number> };
const newTickCache = (): TickCache => ({ unread: new Map(), posts: new Map(), unreadMessages: new Map() });

async function unreadMessagesOf(userId: string, cache: TickCache): Promise<number> {
  let unread = cache.unreadMessages.get(userId);
  if (unread === undefined) {
    unread = await countUnreadConversations(userId);
    cache.unreadMessages.set(userId, unread);
  }
  return unread;
}

async function unreadOf(userId: string, cache: TickCache): Promise<number> {
  let unread = cache.unread.get(userId);
  if (unread === undefined) {
    const [row] = await liveQueries(readDb()).unread.execute({ userId });
    unread = row?.unread ?? 0;
    cache.unread.set(userId, unread);
  }
  return unread;
}

async function postStateOf(postId: number, cache: TickCache): Promise<string> {
  let state = cache.posts.get(postId);
  if (state === undefined) {
    const [post] = await liveQueries(readDb()).post.execute({ postId });
    state = JSON.stringify(post ? { postId, repliesCount: post.repliesCount, likesCount: post.likesCount } : { postId, deleted: true });
    cache.posts.set(postId, state);
  }
  return state;
}

/**
 * Sends a stream the parts of its state that changed since the last time (everything the first
 * time). `cache` shares the reads of one tick between streams of the same member or post.
 */
async function refresh(stream: LiveStream, cache: TickCache = newTickCache()): Promise<void> {
  const unread = await unreadOf(stream.userId, cache);
  if (unread !== stream.state.unread) {
    stream.state.unread = unread;
    stream.send(event("notifications", { unreadNotifications: unread }));
  }
  if (stream.postId !== null) {
    const state = await postStateOf(stream.postId, cache);
    if (state !== stream.state.post) {
      stream.state.post = state;
      stream.send(`event: post\ndata: ${state}\n\n`);
    }
  }
  // Private conversations (docs/messages.md): the envelope's count, and the open conversation's newest message (only for a member in it).
  const messages = JSON.stringify({
    unreadMessages: await unreadMessagesOf(stream.userId, cache),
    newestMessageId: await newestMessageIdFor(stream.userId),
    ...(stream.conversationId === null ? {} : { conversationId: stream.conversationId, lastMessageId: await lastMessageIdOf({ userId: stream.userId, conversationId: stream.conversationId }) }),
  });
  if (messages !== stream.state.messages) {
    stream.state.messages = messages;
    stream.send(`event: messages\ndata: ${messages}\n\n`);
  }
  if (stream.discussionsSince !== null) {
    const newDiscussions = (await liveQueries(readDb()).newDiscussions.execute({ since: stream.discussionsSince, userId: stream.userId })).length;
    if (newDiscussions !== stream.state.discussions) {
      stream.state.discussions = newDiscussions;
      stream.send(event("discussions", { newDiscussions }));
    }
  }
}

/**
 * Ends the streams whose session no longer holds (docs/discussions.md, "Live updates"): read from
 * the database, so a session ended by any worker or box ends the streams every worker holds.
 */
async function endStreamsOfEndedSessions(): Promise<void> {
  lastSessionCheck = Date.now();
  const sids = [...new Set([...streams].map((stream) => stream.sessionId))];
  if (sids.length === 0) return;
  const rows = await liveQueries(readDb()).validSessions.execute({ sids: JSON.stringify(sids), now: Date.now() });
  const valid = new Set(rows.map((row) => row.sid));
  for (const stream of [...streams]) if (!valid.has(stream.sessionId)) stream.close();
}

/** Whether a tick is under way: its reads are awaited, and the next wake-up must not overlap it. */
let isTicking = false;

async function tick(): Promise<void> {
  if (isTicking) return;
  isTicking = true;
  try {
    await tickOnce();
  } finally {
    isTicking = false;
  }
}

async function tickOnce(): Promise<void> {
  const started = performance.now();
  liveStats.ticks += 1;
  const version = databaseVersion();
  const hasMoved = version !== lastVersion;
  if (hasMoved || Date.now() - lastSessionCheck >= SESSION_CHECK_INTERVAL_MS) {
    try {
      await endStreamsOfEndedSessions();
    } catch (error) {
      logServerError(error); // a busy database: checked again on the next wake-up
    }
  }
  if (hasMoved) {
    lastVersion = version;
    const cache = newTickCache();
    for (const stream of [...streams]) {
      liveStats.recomputes += 1;
      try {
        await refresh(stream, cache);
      } catch {
        stream.close();
      }
    }
  }
  if (Date.now() - lastHeartbeat >= HEARTBEAT_INTERVAL_MS) {
    lastHeartbeat = Date.now();
    for (const stream of streams) stream.send(": heartbeat\n\n");
    try {
      getStreamRegistry().renew([...streams].map((stream) => stream.id));
    } catch (error) {
      logServerError(error); // a busy register: the rows live on until the next heartbeat renews them
    }
  }
  liveStats.lastTickMs = performance.now() - started;
}

function startPolling(): void {
  if (poller) return;
  lastVersion = databaseVersion();
  // tick catches what it can; anything else is logged, never an unhandled rejection.
  poller = setInterval(() => void tick().catch(logServerError), POLL_INTERVAL_MS);
  poller.unref();
}

function stopPollingWhenIdle(): void {
  if (streams.size > 0 || !poller) return;
  clearInterval(poller);
  poller = undefined;
}

/**
 * Opens a member's event stream (GET /events): `postId` for a post page, `discussionsSince` (ms)
 * for /discussions, `conversationId` for a conversation page; `sessionId`, the request's session, ends the stream when it ends. Throws 429 beyond LIVE_STREAMS_PER_MEMBER open streams across the cluster
 * (every worker's, counted in the register of stream-registry.server.ts).
 */
export function openLiveStream({
  userId,
  sessionId,
  postId,
  discussionsSince,
  conversationId = null,
  signal,
}: {
  userId: string;
  sessionId: string;
  postId: number | null;
  discussionsSince: number | null;
  conversationId?: number | null;
  signal: AbortSignal;
}): Response {
  const registry = getStreamRegistry();
  const streamId = registry.claim(userId, LIVE_STREAMS_PER_MEMBER);
  if (streamId === null) {
    throw new AppError(429, `You have ${LIVE_STREAMS_PER_MEMBER} live pages open already. Close a tab or reload this page later to get live updates here.`, {
      headers: { "Retry-After": "60" },
    });
  }
  let stream: LiveStream | undefined;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let isOpen = true;
      stream = {
        id: streamId,
        userId,
        sessionId,
        postId,
        discussionsSince,
        conversationId,
        state: {},
        send: (chunk) => {
          if (!isOpen) return;
          try {
            controller.enqueue(encoder.encode(chunk));
          } catch {
            stream?.close();
          }
        },
        close: () => {
          if (!isOpen) return;
          isOpen = false;
          if (stream) streams.delete(stream);
          stopPollingWhenIdle();
          try {
            registry.release(streamId);
          } catch (error) {
            logServerError(error); // the row expires by itself (STREAM_TTL_MS)
          }
          try {
            controller.close();
          } catch {
            // already closed by the client
          }
        },
      };
      streams.add(stream);
      // Reconnect after 3 s if the connection drops; then the current state at once.
      stream.send("retry: 3000\n\n");
      signal.addEventListener("abort", () => stream?.close(), { once: true });
      startPolling();
      try {
        await refresh(stream);
      } catch (error) {
        logServerError(error);
        stream.close();
      }
    },
    cancel() {
      stream?.close();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
      Connection: "keep-alive",
    },
  });
}

/** Ends every open stream (the worker is shutting down: in-flight requests must finish). */
export function endLiveStreams(): void {
  for (const stream of [...streams]) stream.close();
  stopPollingWhenIdle();
}

/**
 * Opens the cluster-wide register of streams and forgets the streams of workers that are gone
 * (run when a worker starts; stream-registry.server.ts).
 */
export function sweepLiveStreams(): void {
  getStreamRegistry().sweep();
}

/** How many streams this worker holds (tests, operations). */
export function openStreamCount(): number {
  return streams.size;
}
