/**
 * Server-side sessions in the `sessions` table (sid, sess, expire). The cookie carries only the
 * signed session id; logout deletes the row, deleting a user deletes theirs (foreign key).
 * See docs/decisions/0003-sessions.md.
 */
import { createCookie, createSessionStorage, type Cookie, type Session } from "react-router";
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import { bestEffortUnit, readDb, schema, write, type AppDatabase } from "./db.server";
import { perDatabase } from "./statement-cache.server";
import { getEnv } from "./env.server";

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
let lastCleanup = 0;

/** `userAgent` is only carried from sign-in to the new row's user_agent column, never stored in sess. */
export type SessionData = { userId: string; userAgent?: string };

/** A session's last_seen_at is written at most this often (docs/accounts.md, "Sessions"). */
export const LAST_SEEN_INTERVAL_MS = 5 * 60 * 1000;
const USER_AGENT_MAX = 512;

function expiryFrom(expires: Date | undefined) {
  return expires ?? new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
}

/** Whether the expired rows are due to be deleted (at most once an hour, with a sign-in). */
function isCleanupDue(now: number): boolean {
  if (now - lastCleanup < CLEANUP_INTERVAL_MS) return false;
  lastCleanup = now;
  return true;
}

/** Sessions whose last_seen_at is being written by this process now: a burst of requests of one session writes it once. */
const touching = new Set<string>();

/**
 * Bookkeeping a request can do without (deleting an expired row, moving last_seen_at): it waits
 * for the writer at most BOOKKEEPING_BUSY_TIMEOUT_MS and is skipped while the database stays busy
 * (docs/decisions/0101-pages-never-fail-on-bookkeeping-writes.md), so reading a session never
 * makes a request wait for another's long write.
 */
function writeOnTheSide(work: (tx: AppDatabase) => Promise<unknown>): Promise<void> {
  return bestEffortUnit(async (options) => {
    await write(work, options);
  }, undefined);
}

/** Read on every request that carries a session cookie: prepared once per database. */
const sessionBySid = perDatabase((db: AppDatabase) =>
  db
    .select()
    .from(schema.sessions)
    .where(eq(schema.sessions.sid, sql.placeholder("sid")))
    .prepare(),
);

/** A session's row as read (`sessionBySid`, or joined with its member by the auth feature). */
export type SessionRow = typeof schema.sessions.$inferSelect;

/**
 * The session data of a row just read for `sid` (null when there is none or it expired), doing the
 * bookkeeping of a read: an expired row is deleted, last_seen_at moves at most every
 * LAST_SEEN_INTERVAL_MS, both on the side (docs/accounts.md, "Sessions"). Every read of a session
 * goes through here, whichever statement read the row.
 */
export async function acceptSessionRow(sid: string, row: SessionRow | undefined): Promise<Partial<SessionData> | null> {
  if (!row) return null;
  const now = Date.now();
  if (row.expire.getTime() <= now) {
    await writeOnTheSide((tx) => tx.delete(schema.sessions).where(eq(schema.sessions.sid, sid)));
    return null;
  }
  // At most one write every five minutes per session: each write moves the database's write version (page cache, live updates).
  if ((!row.lastSeenAt || now - row.lastSeenAt.getTime() >= LAST_SEEN_INTERVAL_MS) && !touching.has(sid)) {
    touching.add(sid);
    try {
      // Only if still stale: a request of the same burst that read the row before this one's write committed writes nothing.
      const stale = or(isNull(schema.sessions.lastSeenAt), lt(schema.sessions.lastSeenAt, new Date(now - LAST_SEEN_INTERVAL_MS + 1)));
      await writeOnTheSide((tx) => tx.update(schema.sessions).set({ lastSeenAt: new Date(now) }).where(and(eq(schema.sessions.sid, sid), stale)));
    } finally {
      touching.delete(sid);
    }
  }
  return row.sess as Partial<SessionData>;
}

let storage: ReturnType<typeof createStorage> | undefined;
let sessionCookie: Cookie | undefined;

/** The signed cookie carrying the session id. */
function getSessionCookie(): Cookie {
  sessionCookie ??= createCookie("quads_session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    // Secure is decided per request (HTTPS, directly or via a trusted proxy): see commitSession calls.
    secure: false,
    secrets: [getEnv().SESSION_SECRET],
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  return sessionCookie;
}

/**
 * The session id the request's cookie carries (its signature checked), or undefined: for a reader
 * that reads the row itself together with more (the signed-in member: app/features/auth/guards.server.ts)
 * and hands it to `acceptSessionRow`.
 */
export async function sessionIdOf(request: Request): Promise<string | undefined> {
  const header = request.headers.get("Cookie");
  if (!header) return undefined;
  const sid: unknown = await getSessionCookie().parse(header);
  return typeof sid === "string" && sid !== "" ? sid : undefined;
}

function createStorage() {
  return createSessionStorage<SessionData>({
    cookie: getSessionCookie(),
    async createData(data, expires) {
      const sid = randomBytes(32).toString("base64url");
      const { userAgent, ...sess } = data;
      const now = new Date();
      const isCleaning = isCleanupDue(now.getTime());
      await write(async (tx) => {
        if (isCleaning) await tx.delete(schema.sessions).where(lt(schema.sessions.expire, now));
        await tx.insert(schema.sessions).values({
          sid,
          sess,
          expire: expiryFrom(expires),
          userId: (sess.userId as string | undefined) ?? null,
          userAgent: typeof userAgent === "string" ? userAgent.slice(0, USER_AGENT_MAX) : null,
          createdAt: now,
          lastSeenAt: now,
        });
      });
      return sid;
    },
    // Every request with a session cookie: one prepared read; a write at most every
    // LAST_SEEN_INTERVAL_MS per session, on the side (acceptSessionRow).
    async readData(sid) {
      const [row] = await sessionBySid(readDb()).execute({ sid });
      return acceptSessionRow(sid, row);
    },
    async updateData(sid, data, expires) {
      await write((tx) =>
        tx
          .update(schema.sessions)
          .set({ sess: data, expire: expiryFrom(expires), userId: (data.userId as string | undefined) ?? null })
          .where(eq(schema.sessions.sid, sid)),
      );
    },
    async deleteData(sid) {
      await write((tx) => tx.delete(schema.sessions).where(eq(schema.sessions.sid, sid)));
    },
  });
}

export function getSessionStorage() {
  storage ??= createStorage();
  return storage;
}

export async function getSession(request: Request): Promise<Session<SessionData>> {
  return getSessionStorage().getSession(request.headers.get("Cookie"));
}

/** Whether cookies must carry the Secure flag for this request (HTTPS, directly or via a trusted proxy). */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/** Starts a brand-new session for the user (a fresh id at every sign-in) and returns its Set-Cookie header. */
export async function createUserSession(request: Request, userId: string): Promise<string> {
  const { getSession: readSession, commitSession, destroySession } = getSessionStorage();
  const previous = await readSession(request.headers.get("Cookie"));
  if (previous.id) await destroySession(previous);
  const session = await readSession(null);
  session.set("userId", userId);
  const userAgent = request.headers.get("User-Agent");
  if (userAgent) session.set("userAgent", userAgent);
  return commitSession(session, { secure: isSecureRequest(request) });
}

/** The id of the request's session, or undefined when it has none. */
export async function currentSessionId(request: Request): Promise<string | undefined> {
  const session = await getSession(request);
  return session.id || undefined;
}

/** The opaque id of a session shown to its member (never the raw sid, which is the credential). */
export function publicSessionId(sid: string): string {
  return createHash("sha256").update(`session:${sid}`).digest("base64url").slice(0, 22);
}

export type MemberSession = { id: string; sid: string; userAgent: string | null; lastSeenAt: Date | null; createdAt: Date | null };

/** The member's unexpired sessions, most recently used first. */
export async function listMemberSessions(userId: string): Promise<MemberSession[]> {
  const rows = await readDb()
    .select({ sid: schema.sessions.sid, userAgent: schema.sessions.userAgent, lastSeenAt: schema.sessions.lastSeenAt, createdAt: schema.sessions.createdAt })
    .from(schema.sessions)
    .where(and(eq(schema.sessions.userId, userId), gt(schema.sessions.expire, new Date())))
    .orderBy(desc(schema.sessions.lastSeenAt));
  return rows.map((row) => ({ ...row, id: publicSessionId(row.sid) }));
}

/** Deletes every session of the member except `keepSid` (all of them when it is undefined); returns how many. */
export async function deleteOtherSessions(userId: string, keepSid: string | undefined): Promise<number> {
  const where = keepSid ? and(eq(schema.sessions.userId, userId), ne(schema.sessions.sid, keepSid)) : eq(schema.sessions.userId, userId);
  const deleted = await write((tx) => tx.delete(schema.sessions).where(where).returning({ sid: schema.sessions.sid }));
  return deleted.length;
}

/** Deletes the session row and returns the Set-Cookie header that clears the cookie. */
export async function destroyUserSession(request: Request): Promise<string> {
  const { destroySession } = getSessionStorage();
  const session = await getSession(request);
  return destroySession(session, { secure: isSecureRequest(request) });
}
