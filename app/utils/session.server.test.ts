import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMember, signedInRequest } from "~/test/factories";
import { getOptionalUser } from "~/features/auth/guards.server";
import { getDb, schema } from "./db.server";
import { createUserSession, destroyUserSession } from "./session.server";

function sessionRows(userId: string) {
  return getDb().select().from(schema.sessions).where(eq(schema.sessions.userId, userId)).all();
}

describe("server-side sessions", () => {
  it("stores the session server-side and sets an HttpOnly, SameSite=Lax cookie holding only the id", async () => {
    const user = await createMember();
    const setCookie = await createUserSession(new Request("http://localhost/login"), user.id);
    expect(setCookie).toMatch(/^quads_session=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toContain(user.id);
    expect(sessionRows(user.id)).toHaveLength(1);
  });

  it("gives a fresh session id at every sign-in and deletes the old one", async () => {
    const user = await createMember();
    const first = await signedInRequest(user.id);
    const secondCookie = await createUserSession(first, user.id);
    const rows = sessionRows(user.id);
    expect(rows).toHaveLength(1);
    expect(secondCookie.split(";")[0]).not.toBe(first.headers.get("Cookie"));
  });

  it("logout deletes the session row", async () => {
    const user = await createMember();
    const request = await signedInRequest(user.id);
    expect(await getOptionalUser(request)).not.toBeNull();
    await destroyUserSession(request);
    expect(sessionRows(user.id)).toHaveLength(0);
    const again = new Request("http://localhost/", { headers: { Cookie: request.headers.get("Cookie") ?? "" } });
    expect(await getOptionalUser(again)).toBeNull();
  });

  it("deleting a user revokes their sessions; a role change applies on the next request", async () => {
    const user = await createMember();
    const request = await signedInRequest(user.id);
    const cookie = request.headers.get("Cookie") ?? "";
    getDb().update(schema.users).set({ role: "admin" }).where(eq(schema.users.id, user.id)).run();
    const next = await getOptionalUser(new Request("http://localhost/", { headers: { Cookie: cookie } }));
    expect(next?.isAdmin).toBe(true);
    getDb().delete(schema.users).where(eq(schema.users.id, user.id)).run();
    expect(sessionRows(user.id)).toHaveLength(0);
    expect(await getOptionalUser(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toBeNull();
  });

  it("ignores an expired session", async () => {
    const user = await createMember();
    const request = await signedInRequest(user.id);
    getDb().update(schema.sessions).set({ expire: new Date(Date.now() - 1000) }).where(eq(schema.sessions.userId, user.id)).run();
    expect(await getOptionalUser(new Request(request.url, { headers: request.headers }))).toBeNull();
    expect(sessionRows(user.id)).toHaveLength(0);
  });
});
