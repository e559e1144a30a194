/**
 * Server-side sessions in the `sessions` table (sid, sess, expire). The cookie carries only the
 * signed session id; logout deletes the row, deleting a user deletes theirs (foreign key).
 * See docs/decisions/0003-sessions.md.
 */
import { createSessionStorage, type Session } from "@remix-run/node";
import { randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import { getDb, schema } from "./db.server";
import { getEnv } from "./env.server";

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
let lastCleanup = 0;

export type SessionData = { userId: string };

function expiryFrom(expires: Date | undefined) {
  return expires ?? new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
}

function removeExpiredSessions() {
  const now = Date.now();
  if (now - lastCleanup < CLEANUP_INTERVAL_MS) return;
  lastCleanup = now;
  getDb().delete(schema.sessions).where(lt(schema.sessions.expire, new Date(now))).run();
}

let storage: ReturnType<typeof createStorage> | undefined;

function createStorage() {
  const env = getEnv();
  return createSessionStorage<SessionData>({
    cookie: {
      name: "quads_session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      // Secure is decided per request (HTTPS, directly or via a trusted proxy): see commitSession calls.
      secure: false,
      secrets: [env.SESSION_SECRET],
      maxAge: SESSION_MAX_AGE_SECONDS,
    },
    async createData(data, expires) {
      removeExpiredSessions();
      const sid = randomBytes(32).toString("base64url");
      getDb()
        .insert(schema.sessions)
        .values({ sid, sess: data, expire: expiryFrom(expires), userId: (data.userId as string | undefined) ?? null })
        .run();
      return sid;
    },
    async readData(sid) {
      const row = getDb().select().from(schema.sessions).where(eq(schema.sessions.sid, sid)).get();
      if (!row) return null;
      if (row.expire.getTime() <= Date.now()) {
        getDb().delete(schema.sessions).where(eq(schema.sessions.sid, sid)).run();
        return null;
      }
      return row.sess as Partial<SessionData>;
    },
    async updateData(sid, data, expires) {
      getDb()
        .update(schema.sessions)
        .set({ sess: data, expire: expiryFrom(expires), userId: (data.userId as string | undefined) ?? null })
        .where(eq(schema.sessions.sid, sid))
        .run();
    },
    async deleteData(sid) {
      getDb().delete(schema.sessions).where(eq(schema.sessions.sid, sid)).run();
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
  return commitSession(session, { secure: isSecureRequest(request) });
}

/** Deletes the session row and returns the Set-Cookie header that clears the cookie. */
export async function destroyUserSession(request: Request): Promise<string> {
  const { destroySession } = getSessionStorage();
  const session = await getSession(request);
  return destroySession(session, { secure: isSecureRequest(request) });
}
