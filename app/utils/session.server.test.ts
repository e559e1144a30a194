import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMember, signedInRequest } from "~/test/factories";
import { run, scalar } from "~/test/db";
import { getOptionalUser } from "~/features/auth/guards.server";
import { BOOKKEEPING_BUSY_TIMEOUT_MS, databaseVersion, engine, sqliteWriterForTesting, readDb, schema, write } from "./db.server";
import { createUserSession, destroyUserSession, LAST_SEEN_INTERVAL_MS } from "./session.server";

const requestWith = (request: Request) => new Request(request.url, { headers: request.headers });
const setLastSeen = async (userId: string, at: number) =>
  await write((tx) => tx.update(schema.sessions).set({ lastSeenAt: new Date(at) }).where(eq(schema.sessions.userId, userId)));
const lastSeenOf = async (userId: string) => (await sessionRows(userId))[0]?.lastSeenAt?.getTime();

async function sessionRows(userId: string) {
  return await readDb().select().from(schema.sessions).where(eq(schema.sessions.userId, userId));
}

describe("server-side sessions", () => {
  it("stores the session server-side and sets an HttpOnly, SameSite=Lax cookie holding only the id", async () => {
    const user = await createMember();
    const setCookie = await createUserSession(new Request("http://localhost/login"), user.id);
    expect(setCookie).toMatch(/^quads_session=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toContain(user.id);
    expect(await sessionRows(user.id)).toHaveLength(1);
  });

  it("gives a fresh session id at every sign-in and deletes the old one", async () => {
    const user = await createMember();
    const first = await signedInRequest(user.id);
    const secondCookie = await createUserSession(first, user.id);
    const rows = await sessionRows(user.id);
    expect(rows).toHaveLength(1);
    expect(secondCookie.split(";")[0]).not.toBe(first.headers.get("Cookie"));
  });

  it("logout deletes the session row", async () => {
    const user = await createMember();
    const request = await signedInRequest(user.id);
    expect(await getOptionalUser(request)).not.toBeNull();
    await destroyUserSession(request);
    expect(await sessionRows(user.id)).toHaveLength(0);
    const again = new Request("http://localhost/", { headers: { Cookie: request.headers.get("Cookie") ?? "" } });
    expect(await getOptionalUser(again)).toBeNull();
  });

  it("deleting a user revokes their sessions; a role change applies on the next request", async () => {
    const user = await createMember();
    const request = await signedInRequest(user.id);
    const cookie = request.headers.get("Cookie") ?? "";
    await write((tx) => tx.update(schema.users).set({ role: "admin" }).where(eq(schema.users.id, user.id)));
    const next = await getOptionalUser(new Request("http://localhost/", { headers: { Cookie: cookie } }));
    expect(next?.isAdmin).toBe(true);
    await write((tx) => tx.delete(schema.users).where(eq(schema.users.id, user.id)));
    expect(await sessionRows(user.id)).toHaveLength(0);
    expect(await getOptionalUser(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toBeNull();
  });

  it("ignores an expired session", async () => {
    const user = await createMember();
    const request = await signedInRequest(user.id);
    await write((tx) => tx.update(schema.sessions).set({ expire: new Date(Date.now() - 1000) }).where(eq(schema.sessions.userId, user.id)));
    expect(await getOptionalUser(new Request(request.url, { headers: request.headers }))).toBeNull();
    expect(await sessionRows(user.id)).toHaveLength(0);
  });

  it("reads a session on a plain request without writing anything (the write version stays)", async () => {
    const user = await createMember();
    const request = await signedInRequest(user.id);
    const before = databaseVersion();
    for (let index = 0; index < 3; index += 1) expect((await getOptionalUser(requestWith(request)))?.id).toBe(user.id);
    expect(databaseVersion()).toBe(before);
  });

  // Another unit holds what the bookkeeping needs (SQLite: the one writer; PostgreSQL: the session's row, its
  // units running side by side, decision 0105): the bookkeeping write gives up after BOOKKEEPING_BUSY_TIMEOUT_MS.
  it("never makes a request wait for another's long write: last_seen_at is skipped then, and written on a later request", async () => {
    const user = await createMember();
    const request = await signedInRequest(user.id);
    const stale = Date.now() - LAST_SEEN_INTERVAL_MS - 1_000;
    await setLastSeen(user.id, stale);
    let release!: () => void;
    let holding!: () => void;
    const isHolding = new Promise<void>((resolve) => (holding = resolve));
    const held = write(async (tx) => {
      await tx.update(schema.sessions).set({ expire: new Date(Date.now() + 60_000) }).where(eq(schema.sessions.userId, user.id));
      holding();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isHolding;
    try {
      const started = Date.now();
      expect((await getOptionalUser(requestWith(request)))?.id).toBe(user.id);
      expect(Date.now() - started).toBeLessThan(BOOKKEEPING_BUSY_TIMEOUT_MS + 1_000);
      expect(await lastSeenOf(user.id)).toBe(stale);
    } finally {
      release();
      await held;
    }
    await getOptionalUser(requestWith(request));
    expect(await lastSeenOf(user.id)).toBeGreaterThan(Date.now() - 5_000);
  });

  // PostgreSQL's twin of the next test: the writes to last_seen_at counted by a trigger of this test's database.
  it.runIf(engine === "postgres")("writes last_seen_at once for a burst of requests of one session (PostgreSQL)", async () => {
    await run(`CREATE TABLE IF NOT EXISTS test_last_seen_writes (sid text)`);
    await run(`CREATE OR REPLACE FUNCTION test_count_last_seen() RETURNS trigger AS $$ BEGIN INSERT INTO test_last_seen_writes VALUES (NEW.sid); RETURN NEW; END $$ LANGUAGE plpgsql`);
    await run(`CREATE OR REPLACE TRIGGER test_last_seen AFTER UPDATE OF last_seen_at ON sessions FOR EACH ROW EXECUTE FUNCTION test_count_last_seen()`);
    const user = await createMember();
    const request = await signedInRequest(user.id);
    await setLastSeen(user.id, Date.now() - LAST_SEEN_INTERVAL_MS - 1_000);
    const writes = () => scalar(`SELECT count(*) FROM test_last_seen_writes w JOIN sessions s ON s.sid = w.sid WHERE s.user_id = ?`, user.id);
    const before = await writes();
    const burst = await Promise.all(Array.from({ length: 5 }, () => getOptionalUser(requestWith(request))));
    expect(burst.map((member) => member?.id)).toEqual(Array(5).fill(user.id));
    expect((await writes()) - before).toBe(1);
    expect(await lastSeenOf(user.id)).toBeGreaterThan(Date.now() - 5_000);
  });

  // Counts the rows changed with SQLite's total_changes() on the writer connection.
  it.skipIf(engine === "postgres")("writes last_seen_at once for a burst of requests of one session", async () => {
    const user = await createMember();
    const request = await signedInRequest(user.id);
    await setLastSeen(user.id, Date.now() - LAST_SEEN_INTERVAL_MS - 1_000);
    const writerChanges = () => sqliteWriterForTesting().$client.prepare("select total_changes()").pluck().get() as number;
    const before = writerChanges();
    let release!: () => void;
    // The burst arrives while the writer is busy: every request has read the stale row before any write.
    const held = write(() => new Promise<void>((resolve) => (release = resolve)));
    const burst = Promise.all(Array.from({ length: 5 }, () => getOptionalUser(requestWith(request))));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await held;
    expect((await burst).map((member) => member?.id)).toEqual(Array(5).fill(user.id));
    // Rows changed on the writer since: the one last_seen_at (the held unit wrote nothing).
    expect(writerChanges() - before).toBe(1);
    expect(await lastSeenOf(user.id)).toBeGreaterThan(Date.now() - 5_000);
  });
});
