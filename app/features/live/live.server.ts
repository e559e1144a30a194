/**
 * Live updates over Server-Sent Events (docs/discussions.md, "Live updates"; decision 0070).
 *
 * Every worker polls the shared SQLite database once a second, and only does work when the
 * database's write version moved (databaseVersion(): a commit by any process, on this box or,
 * later, through a shared database, moves it; decision 0102). It then recomputes each open
 * stream's small state (unread notifications; a post's reply and like counts; new discussions
 * since the page loaded; private conversations) with indexed reads, one query per kind for all
 * its streams, and sends what changed. No writer has to publish
 * anything, so a reply written in one worker reaches a stream held by another within a second.
 * On the same wake-ups (and at least every SESSION_CHECK_INTERVAL_MS) each stream's session is
 * checked in the database: a stream whose session was ended (signing out, a password change, "sign
 * out other sessions", suspension, deletion) or whose member is suspended ends.
 *
 * Several boxes on one PostgreSQL (docs/decisions/0109-several-boxes.md): the write version there is
 * the `quads_writes` notification every commit sends to every process, so a reply written on one box
 * moves the version on every other within milliseconds, and their next tick sends it; the register
 * of streams is a table of that database, so the per-member limit counts every box's streams.
 */
import { and, count, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { lastMessageIdsOf, messageSummariesOf } from "~/features/conversations/index.server";
import { isNotSuspendedAt } from "~/features/moderation/index.server";
import { databaseVersion, readDb, schema, type AppDatabase } from "~/utils/db.server";
import { inJsonIds, literalLimit } from "~/utils/sql-dialect.server";
import { perDatabase } from "~/utils/statement-cache.server";
import { AppError, logServerError } from "~/utils/errors.server";
import { getEnv } from "~/utils/env.server";
import { openPostgresStreamRegistry } from "./stream-registry-pg.server";
import { openStreamRegistry, registryPathFor, RENEW_INTERVAL_MS, STREAM_TTL_MS, type StreamRegistry } from "./stream-registry.server";

let registry: StreamRegistry | undefined;
/** Releases of ended streams' rows still under way (closeLiveStreams waits for them before closing the register). */
const pendingReleases = new Set<Promise<void>>();

/** This process's register, opened on first use: a side file beside the SQLite database, or a table of the PostgreSQL database every box shares. */
function getStreamRegistry(): StreamRegistry {
  if (!registry) {
    const { database, databasePath } = getEnv();
    registry = database.engine === "postgres" ? openPostgresStreamRegistry({ database }) : openStreamRegistry({ filePath: registryPathFor(databasePath) });
  }
  return registry;
}

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
let lastRenewal = Date.now();
let lastSessionCheck = Date.now();
const encoder = new TextEncoder();

export const liveStats = { ticks: 0, recomputes: 0, lastTickMs: 0 };

function event(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The count the /discussions bar shows stops here (it says "99 new discussions" at most). */
export const NEW_DISCUSSIONS_CAP = 99;

/**
 * Made once per database. A tick reads the state of all its streams at once, in three queries
 * whatever their number, and private conversations' in two more (messageStates; decision 0109: on
 * PostgreSQL each query is a network round trip, and one per stream cost 2.5-3 ms a stream).
 */
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
    // notifications_user_unread_idx: an index range count per member of the JSON list.
    unread: db
      .select({ userId: notifications.userId, unread: count() })
      .from(notifications)
      .where(and(inJsonIds(db, notifications.userId, param("userIds"), "text"), isNull(notifications.readAt)))
      .groupBy(notifications.userId)
      .prepare(),
    posts: db
      .select({ id: posts.id, repliesCount: posts.repliesCount, likesCount: posts.likesCount })
      .from(posts)
      .where(inJsonIds(db, posts.id, param("postIds"), "integer"))
      .prepare(),
    // posts_created_idx from the oldest stream's page load on, newest first: every /discussions stream counts its own from these.
    recentPosts: db
      .select({ createdAt: posts.createdAt, authorId: posts.authorId })
      .from(posts)
      .where(gt(posts.createdAt, param("since")))
      .orderBy(desc(posts.createdAt))
      .limit(literalLimit(RECENT_POSTS_READ))
      .prepare(),
    // One stream's count, when the shared read above could not tell (its member wrote most of those posts).
    newDiscussions: db
      .select({ one: sql`1` })
      .from(posts)
      .where(and(gt(posts.createdAt, param("since")), ne(posts.authorId, param("userId"))))
      .limit(literalLimit(NEW_DISCUSSIONS_CAP))
      .prepare(),
  };
});

/** The recent posts one tick reads for all its /discussions streams (more than the cap: a member's own posts do not count). */
const RECENT_POSTS_READ = NEW_DISCUSSIONS_CAP * 10;

/**
 * Private conversations (docs/messages.md): each stream's envelope count and the member's newest
 * message, and for a conversation page that conversation's newest message (only for a member in it).
 * One query for all the tick's members, and one for all its open conversations (when there are any).
 */
async function messageStates(list: LiveStream[]): Promise<Map<LiveStream, string>> {
  const pages = list.flatMap((stream) => (stream.conversationId === null ? [] : [{ userId: stream.userId, conversationId: stream.conversationId }]));
  const [summaries, lastMessageIdOf] = await Promise.all([messageSummariesOf(list.map((stream) => stream.userId)), lastMessageIdsOf(pages)]);
  const states = new Map<LiveStream, string>();
  for (const stream of list) {
    const { unreadMessages, newestMessageId } = summaries.get(stream.userId) ?? { unreadMessages: 0, newestMessageId: 0 };
    const { conversationId } = stream;
    const page = conversationId === null ? {} : { conversationId, lastMessageId: lastMessageIdOf({ userId: stream.userId, conversationId }) };
    states.set(stream, JSON.stringify({ unreadMessages, newestMessageId, ...page }));
  }
  return states;
}

type TickReads = { unread: Map<string, number>; posts: Map<number, string>; discussions: Map<LiveStream, number>; messages: Map<LiveStream, string> };

/** Each /discussions stream's count of new discussions by others since its page loaded (capped). */
async function newDiscussionCounts(list: LiveStream[]): Promise<Map<LiveStream, number>> {
  const counts = new Map<LiveStream, number>();
  if (list.length === 0) return counts;
  const oldest = Math.min(...list.map((stream) => stream.discussionsSince ?? Number.POSITIVE_INFINITY));
  const recent = await liveQueries(readDb()).recentPosts.execute({ since: oldest });
  const isComplete = recent.length < RECENT_POSTS_READ;
  const oldestRead = recent.at(-1)?.createdAt.getTime() ?? Number.POSITIVE_INFINITY;
  for (const stream of list) {
    const since = stream.discussionsSince ?? 0;
    let newer = 0;
    for (const post of recent) {
      if (post.createdAt.getTime() <= since || newer >= NEW_DISCUSSIONS_CAP) break;
      if (post.authorId !== stream.userId) newer += 1;
    }
    if (newer < NEW_DISCUSSIONS_CAP && !isComplete && oldestRead > since) {
      newer = (await liveQueries(readDb()).newDiscussions.execute({ since, userId: stream.userId })).length;
    }
    counts.set(stream, newer);
  }
  return counts;
}

/** What the given streams show now, read with one query per kind for all of them. */
async function readStates(list: LiveStream[]): Promise<TickReads> {
  const queries = liveQueries(readDb());
  const userIds = [...new Set(list.map((stream) => stream.userId))];
  const postIds = [...new Set(list.flatMap((stream) => (stream.postId === null ? [] : [stream.postId])))];
  const [unreadRows, postRows, discussions, messages] = await Promise.all([
    queries.unread.execute({ userIds: JSON.stringify(userIds) }),
    postIds.length > 0 ? queries.posts.execute({ postIds: JSON.stringify(postIds) }) : Promise.resolve([]),
    newDiscussionCounts(list.filter((stream) => stream.discussionsSince !== null)),
    messageStates(list),
  ]);
  const unread = new Map(userIds.map((userId) => [userId, 0]));
  for (const row of unreadRows) unread.set(row.userId, row.unread);
  const found = new Map(postRows.map((post) => [post.id, post]));
  const posts = new Map(
    postIds.map((postId) => {
      const post = found.get(postId);
      return [postId, JSON.stringify(post ? { postId, repliesCount: post.repliesCount, likesCount: post.likesCount } : { postId, deleted: true })];
    }),
  );
  return { unread, posts, discussions, messages };
}

/** Sends a stream the parts of its state that changed since the last time (everything the first time). */
function sendChanges(stream: LiveStream, reads: TickReads): void {
  const unread = reads.unread.get(stream.userId) ?? 0;
  if (unread !== stream.state.unread) {
    stream.state.unread = unread;
    stream.send(event("notifications", { unreadNotifications: unread }));
  }
  if (stream.postId !== null) {
    const state = reads.posts.get(stream.postId);
    if (state !== undefined && state !== stream.state.post) {
      stream.state.post = state;
      stream.send(`event: post\ndata: ${state}\n\n`);
    }
  }
  const newDiscussions = reads.discussions.get(stream);
  if (newDiscussions !== undefined && newDiscussions !== stream.state.discussions) {
    stream.state.discussions = newDiscussions;
    stream.send(event("discussions", { newDiscussions }));
  }
  const messages = reads.messages.get(stream);
  if (messages !== undefined && messages !== stream.state.messages) {
    stream.state.messages = messages;
    stream.send(`event: messages\ndata: ${messages}\n\n`);
  }
}

/** Reads and sends what changed for the given streams. */
async function refresh(list: LiveStream[]): Promise<void> {
  if (list.length === 0) return;
  const reads = await readStates(list);
  for (const stream of list) sendChanges(stream, reads);
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
    const list = [...streams];
    liveStats.recomputes += list.length;
    try {
      await refresh(list);
    } catch (error) {
      logServerError(error); // a busy database: the version is read again next time
      lastVersion = "";
    }
  }
  if (Date.now() - lastHeartbeat >= HEARTBEAT_INTERVAL_MS) {
    lastHeartbeat = Date.now();
    for (const stream of streams) stream.send(": heartbeat\n\n");
  }
  if (Date.now() - lastRenewal >= RENEW_INTERVAL_MS) {
    lastRenewal = Date.now();
    await renewStreams();
  }
  liveStats.lastTickMs = performance.now() - started;
}

/**
 * Renews this worker's rows in the register (decision 0118: short leases, so a killed box's places
 * come free within STREAM_TTL_MS). A stream whose row had expired (this worker stalled past its
 * lease) or was removed ends: its place may be another stream's by now, and the browser reconnects
 * after 3 s and claims one again.
 */
async function renewStreams(): Promise<void> {
  const held = [...streams];
  let lost: string[];
  try {
    lost = await getStreamRegistry().renew(held.map((stream) => stream.id));
  } catch (error) {
    logServerError(error); // a busy register: the rows live on until a later renewal (RENEW_INTERVAL_MS of STREAM_TTL_MS)
    return;
  }
  const isLost = new Set(lost);
  for (const stream of held) if (isLost.has(stream.id)) stream.close();
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
export async function openLiveStream({
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
}): Promise<Response> {
  const registry = getStreamRegistry();
  const streamId = await registry.claim(userId, LIVE_STREAMS_PER_MEMBER);
  if (streamId === null) {
    throw new AppError(429, `You have ${LIVE_STREAMS_PER_MEMBER} live pages open already. Close a tab or reload this page later to get live updates here.`, {
      headers: { "Retry-After": String(STREAM_TTL_MS / 1000) },
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
          // Not awaited by the closing stream (closeLiveStreams waits for it); the row expires by itself (STREAM_TTL_MS) if it fails.
          const releasing = registry.release(streamId).catch(logServerError);
          pendingReleases.add(releasing);
          void releasing.finally(() => pendingReleases.delete(releasing));
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
        await refresh([stream]);
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
export async function sweepLiveStreams(): Promise<void> {
  await getStreamRegistry().sweep();
}

/**
 * Ends every open stream and closes the register (its PostgreSQL connections): the process is
 * stopping. The rows of streams ended here are deleted first, as far as the register answers.
 */
export async function closeLiveStreams(): Promise<void> {
  endLiveStreams();
  await Promise.all(pendingReleases);
  const open = registry;
  registry = undefined;
  await open?.close();
}

/** How many streams this worker holds (tests, operations). */
export function openStreamCount(): number {
  return streams.size;
}
