/**
 * Several boxes behave as one community (docs/operations.md, "Running several boxes"; decision
 * 0109): two built servers as separate process trees, each with its own data folder, on one
 * PostgreSQL, behind a round-robin proxy (tests/support/multibox.ts). Sessions, live updates, the
 * per-member stream limit, the sign-in limits and lockout and the caches hold across boxes; a box
 * killed with -9 under a write load loses no acknowledged write while the other keeps serving.
 * Runs its own PostgreSQL and servers (not the suite's).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { e2eAdmin } from "./support/admin";
import { launchBrowser, newContext, visible } from "./support/browser";
import { ADMIN_EMAIL } from "./support/constants";
import { apiCall, createApiMember, createPostViaApi, signInContext, uniqueToken, type ApiMember, type ApiPost } from "./support/discussions";
import { boxLog, startMultiBox, type Box, type MultiBox } from "./support/multibox";
import { takeEvents } from "./support/server-sent-events";

const PER_IP_LIMIT = 40;
const PER_ACCOUNT_LIMIT = 4;

let cluster: MultiBox;
let boxA: Box;
let boxB: Box;

beforeAll(async () => {
  cluster = await startMultiBox({ env: { AUTH_RATE_LIMIT_PER_IP: String(PER_IP_LIMIT), AUTH_RATE_LIMIT_PER_ACCOUNT: String(PER_ACCOUNT_LIMIT) } });
  [boxA, boxB] = cluster.boxes;
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
}, 60_000);

/** A new discussion written through `baseURL` (a box or the proxy). */
async function createPost(baseURL: string, member: ApiMember): Promise<ApiPost> {
  return createPostViaApi(baseURL, member, { title: `Multibox ${uniqueToken()}`, content: "Written on one box." });
}

type LiveEvent = { event: string; data: Record<string, unknown>; at: number };

/** An open /events stream: its events as they arrive, and a wait for the first one matching. */
async function openEvents(baseURL: string, member: ApiMember, query = "") {
  const controller = new AbortController();
  const response = await fetch(`${baseURL}/events${query}`, { headers: { Cookie: member.cookie }, signal: controller.signal });
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  if (response.status === 200 && response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    void (async () => {
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
        if (chunk.done) break;
        const taken = takeEvents(buffer + decoder.decode(chunk.value, { stream: true }));
        buffer = taken.rest;
        for (const { event, data } of taken.events) events.push({ event, data: data as Record<string, unknown>, at: performance.now() });
        for (const wake of waiters) wake();
      }
    })();
  }
  return {
    status: response.status,
    events,
    /** The first event (from `fromIndex` on) that `matches`, or a failure after `timeoutMs`. */
    async next(matches: (event: LiveEvent) => boolean, timeoutMs = 5_000, fromIndex = 0): Promise<LiveEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.slice(fromIndex).find(matches);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no such event within ${timeoutMs} ms; got ${JSON.stringify(events.map(({ event, data }) => ({ event, data })))}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 50);
        });
      }
    },
    close: () => controller.abort(),
  };
}

describe("two boxes on one PostgreSQL", () => {
  it("signs in through the proxy; the session works on both boxes, and what one box writes the other reads", async () => {
    const member = await createApiMember(cluster.proxy.url);
    const onA = await apiCall<{ id: string }>(boxA.url, member, "GET", "/api/auth/user");
    const onB = await apiCall<{ id: string }>(boxB.url, member, "GET", "/api/auth/user");
    expect([onA.status, onB.status]).toEqual([200, 200]);
    expect([onA.json.id, onB.json.id]).toEqual([member.id, member.id]);
    const post = await createPost(boxA.url, member);
    expect((await apiCall(boxB.url, member, "POST", `/api/posts/${post.id}/replies`, { content: "Answered on B" })).status).toBe(201);
    expect((await apiCall<ApiPost>(boxA.url, member, "GET", `/api/posts/${post.id}`)).json.repliesCount).toBe(1);
    // Signing out on B ends the session on A too.
    expect((await apiCall(boxB.url, member, "POST", "/api/auth/logout")).status).toBeLessThan(300);
    expect((await apiCall(boxA.url, member, "GET", "/api/auth/user")).status).toBe(401);
  });

  it("carries a reply written through box A to a stream held by box B within 2 s", async () => {
    const reader = await createApiMember(boxB.url);
    const writer = await createApiMember(boxA.url);
    const post = await createPost(boxB.url, reader);
    const stream = await openEvents(boxB.url, reader, `?post=${post.id}`);
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === "post");
    const latencies: number[] = [];
    try {
      for (let count = 1; count <= 5; count += 1) {
        const from = stream.events.length;
        const written = await apiCall(boxA.url, writer, "POST", `/api/posts/${post.id}/replies`, { content: `Reply ${count} from A` });
        expect(written.status).toBe(201);
        const acknowledged = performance.now();
        const arrived = await stream.next((event) => event.event === "post" && event.data.repliesCount === count, 3_000, from);
        latencies.push(Math.max(0, Math.round(arrived.at - acknowledged)));
      }
      // The reply notifies the post's author: the unread count crosses boxes the same way.
      await stream.next((event) => event.event === "notifications" && Number(event.data.unreadNotifications) >= 1);
    } finally {
      stream.close();
    }
    console.log(`multibox: a reply acknowledged by A reached B's stream after ${latencies.join(", ")} ms`);
    expect(Math.max(...latencies)).toBeLessThan(2_000);
  });

  it("holds the limit of 5 live streams per member across both boxes", async () => {
    const member = await createApiMember(cluster.proxy.url);
    const streams = [];
    try {
      for (const box of [boxA, boxA, boxA, boxB, boxB]) streams.push(await openEvents(box.url, member));
      expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200, 200, 200]);
      for (const box of [boxA, boxB]) {
        const refused = await openEvents(box.url, member);
        expect(refused.status, `the sixth stream, on box ${box.name}`).toBe(429);
      }
      // One ends on A: its place is free on B.
      streams[0].close();
      let reopened = await openEvents(boxB.url, member);
      for (let attempt = 0; attempt < 20 && reopened.status === 429; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        reopened = await openEvents(boxB.url, member);
      }
      streams.push(reopened);
      expect(reopened.status).toBe(200);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it("counts the per-IP sign-in limit and the per-account lockout across both boxes", async () => {
    // Per IP: attempts from one client address (the boxes trust one proxy hop: here the test is that hop), half on each box.
    const attempt = (box: Box, body: unknown, ip: string) =>
      fetch(`${box.url}/api/auth/login`, { method: "POST", headers: { "Content-Type": "application/json", "X-Forwarded-For": ip }, body: JSON.stringify(body) });
    const ip = "198.51.100.23";
    const statuses: number[] = [];
    for (let index = 0; index < PER_IP_LIMIT; index += 1) statuses.push((await attempt(index % 2 === 0 ? boxA : boxB, {}, ip)).status);
    expect(new Set(statuses)).toEqual(new Set([400]));
    expect((await attempt(boxA, {}, ip)).status).toBe(429);
    expect((await attempt(boxB, {}, ip)).status).toBe(429);
    expect((await attempt(boxB, {}, "198.51.100.24")).status).toBe(400); // another address is not limited

    // Per account: wrong passwords through the proxy (round robin: both boxes), then the right one is refused on each box.
    const member = await createApiMember(boxA.url);
    const wrong: number[] = [];
    for (let index = 0; index < PER_ACCOUNT_LIMIT; index += 1) {
      const box = index % 2 === 0 ? boxA : boxB;
      wrong.push((await attempt(box, { email: member.email, password: "not-the-password" }, `203.0.113.${index + 1}`)).status);
    }
    expect(wrong).toEqual(Array.from({ length: PER_ACCOUNT_LIMIT }, () => 401));
    for (const box of [boxA, boxB]) {
      const locked = await attempt(box, { email: member.email, password: member.password }, "203.0.113.99");
      expect(locked.status, `the locked account on box ${box.name}`).toBe(429);
    }
    const throughProxy = await fetch(`${cluster.proxy.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    expect(throughProxy.status).toBe(429);
  });

  it("serves no page from box A's cache once box B wrote: a new discussion, and the footer settings", async () => {
    const member = await createApiMember(boxA.url);
    const get = (path: string, cookie?: string) => fetch(`${boxA.url}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
    /** GETs until box A answers from its page cache (a first visit's bookkeeping writes move the version). */
    const getHit = async (path: string, cookie?: string) => {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const response = await get(path, cookie);
        await response.text();
        if (response.headers.get("x-page-cache") === "hit") return;
      }
      throw new Error(`${path} never came from box A's page cache`);
    };
    await getHit("/discussions", member.cookie);
    const post = await createPost(boxB.url, member);
    const fresh = await get("/discussions", member.cookie);
    expect(fresh.headers.get("x-page-cache")).not.toBe("hit");
    expect(await fresh.text()).toContain(post.title);

    // The footer's company name: the settings cache (in process, per box) and the page cache of a visitor's page.
    const admin = await createApiMember(boxB.url, { ...e2eAdmin, email: ADMIN_EMAIL });
    await cluster.query("update users set email_verified_at = $1 where lower(email) = lower($2)", [Date.now(), ADMIN_EMAIL]);
    await getHit("/login");
    const companyName = `Company ${uniqueToken()}`;
    const saved = await apiCall(boxB.url, admin, "PUT", "/api/admin/footer-settings", { isActive: true, companyName, showSocialLinks: true, showSupportLinks: true });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const page = await get("/login");
    expect(page.headers.get("x-page-cache")).not.toBe("hit");
    expect(await page.text()).toContain(companyName);
  });

  it("shows a browser its own write on the next request through the other box, even from a cached page (read-your-writes, decision 0121)", async () => {
    const member = await createApiMember(boxA.url);
    const post = await createPost(boxA.url, member);
    for (let round = 1; round <= 15; round += 1) {
      // Box A holds the post's answer in its page cache…
      for (let attempt = 0; ; attempt += 1) {
        const cached = await fetch(`${boxA.url}/api/posts/${post.id}`, { headers: { Cookie: member.cookie } });
        await cached.text();
        if (cached.headers.get("x-page-cache") === "hit") break;
        if (attempt === 10) throw new Error("box A never answered from its page cache");
      }
      // …the browser replies through box B, whose answer marks it as having just written…
      const reply = await fetch(`${boxB.url}/api/posts/${post.id}/replies`, {
        method: "POST",
        headers: { Cookie: member.cookie, "Content-Type": "application/json" },
        body: JSON.stringify({ content: `Reply ${round} through B` }),
      });
      expect(reply.status).toBe(201);
      const wrote = reply.headers.getSetCookie().find((cookie) => cookie.startsWith("quads_wrote="));
      expect(wrote).toMatch(/^quads_wrote=\d+; Max-Age=10; Path=\/; HttpOnly; SameSite=Lax/);
      // …and its very next request, through box A, sees the reply.
      const next = await fetch(`${boxA.url}/api/posts/${post.id}`, { headers: { Cookie: `${member.cookie}; ${wrote!.split(";")[0]}` } });
      expect(((await next.json()) as ApiPost).repliesCount, `round ${round}`).toBe(round);
    }
  });

  it("shows a reply written through box A live on a page served by box B (Chromium, JavaScript on)", async () => {
    const browser = await launchBrowser();
    try {
      const reader = await createApiMember(boxB.url);
      const writer = await createApiMember(boxA.url);
      const post = await createPost(boxB.url, reader);
      const context = await newContext(browser, { javaScriptEnabled: true, baseURL: boxB.url });
      await signInContext(context, boxB.url, reader);
      const page = await context.newPage();
      const events = page.waitForResponse((response) => new URL(response.url()).pathname === "/events" && response.status() === 200);
      await page.goto(`/post/${post.id}`);
      await events;
      const token = uniqueToken();
      expect((await apiCall(boxA.url, writer, "POST", `/api/posts/${post.id}/replies`, { content: `Hello from A ${token}` })).status).toBe(201);
      await visible(page.getByTestId("reply").filter({ hasText: `Hello from A ${token}` }), 3_000);
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it("keeps serving from box B when box A is killed (-9) under a write load through the proxy, and keeps every acknowledged write", async () => {
    const writers = await Promise.all(Array.from({ length: 4 }, () => createApiMember(cluster.proxy.url)));
    // Each writer on a discussion of their own: the load measures the boxes, not one post's write conflicts.
    const posts = await Promise.all(writers.map((writer) => createPost(cluster.proxy.url, writer)));
    const acknowledged: { id: number; at: number }[] = [];
    const refusals: { status: number; afterKillMs: number }[] = [];
    let isLoading = true;
    let killedAt = Number.POSITIVE_INFINITY;
    const load = writers.map(async (writer, index) => {
      for (let count = 0; isLoading; count += 1) {
        try {
          const answer = await apiCall<{ id: number }>(cluster.proxy.url, writer, "POST", `/api/posts/${posts[index].id}/replies`, { content: `Load ${index}-${count}` });
          if (answer.status === 201) acknowledged.push({ id: answer.json.id, at: Date.now() });
          // A 502 of a request that was under way on A, a 503 "busy, retry": the client tries again.
          else refusals.push({ status: answer.status, afterKillMs: Date.now() - killedAt });
        } catch {
          refusals.push({ status: 0, afterKillMs: Date.now() - killedAt });
        }
      }
    });
    for (let waited = 0; waited < 5_000 && acknowledged.length < 8; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    const before = acknowledged.length;
    killedAt = Date.now();
    await cluster.killBox(boxA);
    for (let waited = 0; waited < 8_000 && (waited < 2_000 || acknowledged.length - before < 8); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    isLoading = false;
    await Promise.all(load);

    const afterKill = acknowledged.filter((write) => write.at > killedAt).length;
    expect(before, "writes before the kill").toBeGreaterThan(0);
    expect(afterKill, `writes after the kill (refusals: ${JSON.stringify(refusals)})\n${boxLog(boxB)}`).toBeGreaterThan(0);
    const ids = acknowledged.map((write) => write.id);
    const stored = await cluster.query<{ id: number }>("select id from replies where id = any($1::int[])", [ids]);
    expect(stored.map((row) => row.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    const [{ repliesCount }] = await cluster.query<{ repliesCount: number }>('select sum(replies_count)::int as "repliesCount" from posts where id = any($1::int[])', [posts.map((post) => post.id)]);
    expect(repliesCount).toBeGreaterThanOrEqual(ids.length);
    // Only answers a client retries: a request cut by the kill (502, or a dropped connection), a 503 "busy" with Retry-After.
    expect(refusals.filter(({ status }) => ![0, 502, 503].includes(status)), JSON.stringify(refusals)).toEqual([]);
    expect((await fetch(`${cluster.proxy.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${boxB.url}/healthz`)).status).toBe(200);
    console.log(`multibox: ${before} writes before the kill, ${afterKill} after, ${refusals.length} refused ${JSON.stringify(refusals)}; proxy ${JSON.stringify(cluster.proxy.stats())}`);
  }, 30_000);
});
