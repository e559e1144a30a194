/**
 * Malformed requests get a 4xx, never a 5xx, and redirects stay on the site (docs/operations.md,
 * "What the server refuses"). First one test per known finding, then a seeded sweep: every route
 * derived from the file names in app/routes/, with real and bogus ids, as a visitor, a member and
 * an admin, with odd methods, bodies, content types, numbers, URLs and headers. Raw sockets send
 * what fetch cannot (TRACE, `OPTIONS *`, absolute-form targets, a malformed Host).
 *
 * Runs its own server (a cluster of two workers on a demo-seeded database, LOG_LEVEL=warn so its
 * log holds only server errors), so the sweep cannot disturb the suite's shared data.
 */
import Database from "better-sqlite3";
import { readdirSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL } from "./support/constants";
import { makeUser, registerViaApi } from "./support/browser";
import { removeDirectory, startServer, stopServer, tempDirectory, type ServerProcess } from "./support/server-process";

const routesDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../app/routes");

type Session = { name: "visitor" | "member" | "admin"; cookie?: string; userId?: string };
type RawResponse = { status: number; headers: Record<string, string>; body: string };
type RawRequest = { method?: string; target: string; headers?: Record<string, string>; body?: string | Buffer; host?: string | null };

let server: ServerProcess;
let directory: string;
let port: number;
const sessions: Session[] = [];
const session = (name: Session["name"]) => sessions.find((candidate) => candidate.name === name)!;

/**
 * One HTTP/1.1 exchange written by hand on a fresh socket (`Connection: close`), so any method,
 * request target and Host can be sent. Answers the status, headers and body text.
 */
function raw({ method = "GET", target, headers = {}, body, host = `127.0.0.1:${port}` }: RawRequest): Promise<RawResponse> {
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, "utf8");
  const lines = [`${method} ${target} HTTP/1.1`];
  if (host !== null) lines.push(`Host: ${host}`);
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (payload) lines.push(`Content-Length: ${payload.length}`);
  lines.push("Connection: close", "", "");
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port });
    const chunks: Buffer[] = [];
    socket.setTimeout(15_000, () => socket.destroy(new Error(`no answer to ${method} ${target}`)));
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      // An event stream (GET /events) never ends by itself: its status and headers are the answer.
      const head = Buffer.concat(chunks).toString("latin1").split("\r\n\r\n")[0];
      if (/\r\ncontent-type: text\/event-stream/i.test(head)) socket.destroy();
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const [head, ...rest] = text.split("\r\n\r\n");
      const [statusLine, ...headerLines] = head.split("\r\n");
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
      const parsed: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(":");
        if (colon > 0) parsed[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const body = rest.join("\r\n\r\n");
      resolve({ status, headers: parsed, body: Buffer.from(parsed["transfer-encoding"] === "chunked" ? unchunk(body) : body, "latin1").toString("utf8") });
    });
    socket.write(Buffer.concat([Buffer.from(lines.join("\r\n"), "latin1"), payload ?? Buffer.alloc(0)]));
  });
}

/** The body of a `Transfer-Encoding: chunked` answer. */
function unchunk(text: string): string {
  let body = "";
  let rest = text;
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (lineEnd < 0 || !size) return body;
    body += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

/** A request as `who` (its session cookie, if any). */
function send(who: Session, request: RawRequest): Promise<RawResponse> {
  return raw({ ...request, headers: { ...(who.cookie ? { Cookie: who.cookie } : {}), ...request.headers } });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

async function signIn(email: string, password: string): Promise<{ cookie: string; userId: string }> {
  const response = await fetch(`${server.baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { id: string };
  return { cookie: (response.headers.get("Set-Cookie") ?? "").split(";")[0], userId: body.id };
}

function withDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(server.databasePath);
  db.pragma("busy_timeout = 5000");
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** The server log's error lines (LOG_LEVEL=warn: only 5xx answers and server errors are logged). */
function serverErrors(): string[] {
  return server
    .log()
    .split("\n")
    .filter((line) => line.includes('"level":"error"'));
}

beforeAll(async () => {
  directory = tempDirectory("fuzz");
  server = await startServer(directory, { SEED_DEMO: "true", LOG_LEVEL: "warn", PAGE_CACHE_SECONDS: "0", WEB_CONCURRENCY: "2", ADMIN_EMAIL });
  port = Number(new URL(server.baseURL).port);
  const member = makeUser();
  const admin = makeUser({ email: ADMIN_EMAIL });
  await registerViaApi(server.baseURL, member);
  await registerViaApi(server.baseURL, admin);
  // ADMIN_EMAIL grants admin rights to a verified address (docs/accounts.md): verify it as the e-mailed link would.
  const db = new Database(server.databasePath);
  db.prepare("update users set email_verified_at = ? where lower(email) = lower(?)").run(Date.now(), admin.email);
  db.close();
  sessions.push({ name: "visitor" }, { name: "member", ...(await signIn(member.email, member.password)) }, { name: "admin", ...(await signIn(admin.email, admin.password)) });
}, 60_000);

afterAll(async () => {
  if (server) await stopServer(server);
  if (directory) removeDirectory(directory);
});

describe("findings: each malformed request gets a 4xx", () => {
  it("admin user search over 100 characters", async () => {
    for (const target of [`/admin/users?search=${"a".repeat(101)}`, `/api/admin/users?search=${"a".repeat(101)}`]) {
      const response = await send(session("admin"), { target });
      expect(response.status, target).toBeGreaterThanOrEqual(200);
      expect(response.status, target).toBeLessThan(500);
    }
  });

  it("fractional, huge and negative paging numbers answer 400", async () => {
    const targets = [
      "/api/notifications?limit=1.5",
      "/api/notifications?offset=1e309",
      "/api/notifications?limit=-1",
      "/api/meetings?limit=1.5",
      "/api/meetings?offset=1e309",
      "/api/resources?page=1.5",
      "/api/posts?limit=1.5",
      "/api/community/contributors?limit=1.5",
      "/api/community/contributors?limit=1e309",
      "/api/music-artists?page=1.5",
      "/api/admin/users?page=1.5",
      "/api/admin/users?pageSize=1e309",
    ];
    for (const target of targets) {
      const response = await send(session("admin"), { target });
      expect(response.status, `${target}: ${response.body}`).toBe(400);
      expect(response.body, target).toMatch(/"message":"[^"]+"/);
    }
    for (const target of ["/discussions?page=1.5", "/resources?page=1e309", "/music-artists?page=-3", "/admin/manage-meetings?page=1.5", "/admin/manage-resources?page=1e309", "/admin/users?page=1.5", "/members?page=1.5"]) {
      const response = await send(session("admin"), { target });
      expect(response.status, target).toBeLessThan(500);
    }
  });

  it("a scheduledAt of 1e308 or in year 0 answers 400 with the field message", async () => {
    const base = { title: "Fuzz meeting", description: "A meeting from the fuzz test.", duration: 60 };
    for (const scheduledAt of [1e308, "0000-01-01T10:00:00Z", "+275760-09-13T00:00:01Z", -1e15, "1e308"]) {
      const response = await send(session("admin"), {
        method: "POST",
        target: "/api/admin/meetings",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...base, scheduledAt }),
      });
      expect(response.status, `${scheduledAt}: ${response.body}`).toBe(400);
      expect(JSON.parse(response.body).errors?.scheduledAt?.[0], String(scheduledAt)).toBeTruthy();
    }
    for (const scheduledAt of ["0000-01-01T10:00", "275760-09-13T00:00", "99999-01-01T00:00"]) {
      const response = await send(session("admin"), {
        method: "POST",
        target: "/admin/create-meetings",
        headers: FORM,
        body: form({ title: "Fuzz meeting", description: "A meeting from the fuzz test.", duration: "60", scheduledAt, timeZone: "UTC" }),
      });
      expect(response.status, `${scheduledAt}: ${response.body.slice(0, 200)}`).toBe(400);
    }
  });

  it("a page action posted as JSON, XML, broken multipart or with no body answers 400 or 415 with a message", async () => {
    const bodies: Array<{ headers: Record<string, string>; body?: string }> = [
      { headers: { "Content-Type": "application/json" }, body: '{"content":"hello"}' },
      { headers: { "Content-Type": "application/xml" }, body: "<post><content>hello</content></post>" },
      { headers: { "Content-Type": "multipart/form-data" }, body: "content=hello" },
      { headers: { "Content-Type": "multipart/form-data; boundary=xyz" }, body: "--xyz\r\nContent-Disposition: form-data; name=\"content\"\r\n\r\nhel" },
      { headers: {} },
      { headers: {}, body: "intent=create" },
    ];
    for (const target of ["/discussions", "/profile", "/notifications", "/post/1", "/login", "/admin/users"]) {
      for (const { headers, body } of bodies) {
        const response = await send(session(target === "/login" ? "visitor" : "admin"), { method: "POST", target, headers, body });
        const label = `POST ${target} ${headers["Content-Type"] ?? "(no type)"} ${body === undefined ? "(no body)" : ""}`;
        expect([400, 415], `${label}: ${response.status}`).toContain(response.status);
        expect(response.body, label).toMatch(/Send this form as a web form|This form could not be read/);
      }
    }
  });

  it("PUT, PATCH and DELETE on page URLs, TRACE, OPTIONS and other methods answer 405", async () => {
    for (const method of ["PUT", "PATCH", "DELETE", "TRACE", "OPTIONS", "PROPFIND"]) {
      for (const target of ["/", "/discussions", "/post/1", "/admin/users", "/meetings/1/join"]) {
        const response = await send(session("member"), { method, target, headers: FORM, body: "intent=delete" });
        expect(response.status, `${method} ${target}`).toBe(405);
        expect(response.headers.allow, `${method} ${target}`).toBeTruthy();
      }
    }
    const trace = await send(session("member"), { method: "TRACE", target: "/api/posts" });
    expect(trace.status).toBe(405);
  });

  it("OPTIONS *, an absolute-form target and a malformed Host answer 4xx", async () => {
    const cases: RawRequest[] = [
      { method: "OPTIONS", target: "*" },
      { method: "OPTIONS", target: "/discussions" },
      { method: "OPTIONS", target: "/api/posts" },
      { target: `http://127.0.0.1:${port}/discussions` },
      { target: "http://evil.test/discussions" },
      { method: "POST", target: "http://evil.test/api/posts", headers: { "Content-Type": "application/json" }, body: "{}" },
      { target: "/discussions", host: "exa mple.test" },
      { target: "/discussions", host: "[::1" },
      { target: "/discussions", host: "a:b:c" },
      { target: "/discussions", host: "" },
      { target: "/discussions", host: null },
      { target: "/discussions", host: "example.test/../x" },
      { target: "/discussions", host: "example.test:99999" },
    ];
    for (const request of cases) {
      const response = await send(session("member"), request);
      const label = `${request.method ?? "GET"} ${request.target} Host: ${request.host}`;
      expect(response.status, label).toBeGreaterThanOrEqual(400);
      expect(response.status, label).toBeLessThan(500);
    }
  });

  it("a stored join or Spotify link with CR/LF is refused when saved, and never breaks Join or Listen", async () => {
    const spotify = await send(session("admin"), {
      method: "POST",
      target: "/api/admin/music-artists",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Fuzz Artist", genre: "Ambient", description: "An artist from the fuzz test.", spotifyUrl: "https://open.spotify.com/artist/x\r\nSet-Cookie: a=b" }),
    });
    expect(spotify.status, spotify.body).toBe(400);
    expect(JSON.parse(spotify.body).errors?.spotifyUrl?.[0]).toMatch(/Spotify/);
    const meeting = await send(session("admin"), {
      method: "POST",
      target: "/api/admin/meetings",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        title: "Fuzz meeting",
        description: "A meeting from the fuzz test.",
        duration: 60,
        scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
        joinZoomUrl: "https://zoom.example/j/1\nX-Evil: 1",
      }),
    });
    expect(meeting.status, meeting.body).toBe(400);
    expect(Object.keys(JSON.parse(meeting.body).errors ?? {})).toContain("joinZoomUrl");

    // A bad value stored before this check existed: Join and Listen answer 4xx or a redirect home, never 500.
    withDatabase((db) => {
      db.prepare("update meetings set join_zoom_url = ?, scheduled_at = ? where id = 1").run("https://zoom.example/j/1\r\nX-Evil: 1", Math.floor(Date.now() / 1000) + 600);
      db.prepare("update music_artists set spotify_url = ?, youtube_url = ? where id = 1").run("https://open.spotify.com/x\r\nX-Evil: 1", "https://youtube.com/\u3000x");
    });
    for (const target of ["/meetings/1/join", "/music-artists/1/listen/spotify", "/music-artists/1/listen/youtube"]) {
      for (const who of sessions) {
        const response = await send(who, { target });
        expect(response.status, `${who.name} GET ${target}`).toBeLessThan(500);
        expect(response.headers["x-evil"], target).toBeUndefined();
        if (response.headers.location) expect(response.headers.location, target).toMatch(/^\/(?!\/)/);
      }
    }
  });

  it("redirectTo with CR, LF, a tab, U+3000 or U+FF0E never leaves the site", async () => {
    const values = ["/\t/evil.test", "/\n/evil.test", "/\r/evil.test", "/\u3000/evil.test", "/\uff0e/evil.test", "/\\evil.test", "//evil.test", "/%09/evil.test", "https://evil.test/", " //evil.test", "/\u3000\uff0e\uff0eevil.test"];
    for (const redirectTo of values) {
      for (const target of ["/resources/1/rate", "/music-artists/1"]) {
        const response = await send(session("member"), { method: "POST", target, headers: FORM, body: form({ intent: "rate", rating: "4", redirectTo }) });
        const label = `${target} redirectTo=${JSON.stringify(redirectTo)}`;
        expect(response.status, label).toBeLessThan(500);
        const location = response.headers.location;
        if (location) {
          const resolved = new URL(location, server.baseURL);
          expect(resolved.origin, `${label} -> ${location}`).toBe(server.baseURL);
          expect(location, label).not.toMatch(/[\s\p{Cc}\\]/u);
        }
      }
    }
  });
});

/* ------------------------------------------------------------------ the seeded sweep */

/** A small deterministic random generator (mulberry32), so every run sends the same cases. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** URL patterns from the route file names (flat routes, app/routes.ts): `meetings_.$id.join.tsx` → `/meetings/:id/join`. */
function routePatterns(files: string[]): string[] {
  const patterns = new Set<string>();
  for (const file of files) {
    if (!/\.(tsx?)$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    const name = file.replace(/\.tsx?$/, "").replace(/\[\.\]/g, "~dot~");
    const segments = name
      .split(".")
      .map((segment) => segment.replaceAll("~dot~", "."))
      .filter((segment) => segment !== "_index" && !segment.startsWith("_"))
      .map((segment) => segment.replace(/_$/, ""))
      .map((segment) => (segment === "$" ? ":*" : segment.startsWith("$") ? `:${segment.slice(1)}` : segment));
    patterns.add(`/${segments.join("/")}`);
  }
  return [...patterns].sort();
}

const realParams: Record<string, string[]> = {
  id: ["1", "2"],
  tab: ["users", "settings", "nope"],
  platform: ["spotify", "youtube", "apple", "napster"],
  replyId: ["1"],
  commentId: ["1"],
  "*": ["no/such/page"],
};
const bogusParams = ["0", "-1", "1.5", "1e309", "99999999999999999999", "abc", "%00", "%E2%80%A8", "x".repeat(300), "%2e%2e", "%ZZ"];

function fill(pattern: string, pick: <T>(values: T[]) => T, userId: string, bogus: boolean): string {
  return pattern.replace(/:([\w*]+)/g, (_match, name: string) => {
    if (bogus) return pick(bogusParams);
    if (name === "userId" || (name === "id" && /users|members/.test(pattern))) return userId;
    return pick(realParams[name] ?? ["1"]);
  });
}

const queries = [
  "limit=1.5",
  "offset=1e309",
  "page=1.5",
  "page=-1",
  "page=0",
  "page=99999999999999999999",
  "limit=abc",
  "limit=",
  "pageSize=1e308",
  "limit=Infinity&offset=NaN",
  "page=0x10",
  `search=${"a".repeat(150)}`,
  `q=${"%F0%9F%92%A9".repeat(200)}`,
  "q=%00%0d%0a",
  "q=%ZZ",
  "category=-5&period=forever&sort=%27",
  "before=1e309&after=-1",
  "redirectTo=%0d%0a//evil.test&returnTo=//evil.test",
  "returnTo=/\t/evil.test",
  "page=1&page=2&page=x",
  "tab=%E3%80%80",
  "dialog=../../etc/passwd",
];

const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "FOO", "M-SEARCH"];

type Body = { headers: Record<string, string>; body?: string | Buffer };
const bodies: Body[] = [
  { headers: {} },
  { headers: { "Content-Type": "application/json" }, body: '{"title":' },
  { headers: { "Content-Type": "application/json" }, body: "[1,2,3]" },
  { headers: { "Content-Type": "application/json" }, body: '{"rating":1.5,"limit":1e309,"scheduledAt":1e308,"title":null,"content":{"$gt":""}}' },
  { headers: { "Content-Type": "application/json" }, body: JSON.stringify({ intent: "delete", id: -1, url: "https://x.test/\r\nA: b", redirectTo: "/\t/evil.test" }) },
  { headers: { "Content-Type": "application/xml" }, body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
  { headers: { "Content-Type": "text/plain" }, body: "intent=delete" },
  { headers: { "Content-Type": "multipart/form-data" }, body: "a=b" },
  { headers: { "Content-Type": "multipart/form-data; boundary=zz" }, body: "--zz\r\nContent-Disposition: form-data; name=\"intent\"\r\n\r\ncre" },
  { headers: { "Content-Type": "multipart/form-data; boundary=zz" }, body: "--zz\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--zz--\r\n" },
  { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "intent=%ZZ&&&==&rating=1e309&redirectTo=%0A//evil.test" },
  { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: `intent=create&title=${"t".repeat(5000)}&content=&scheduledAt=0000-00-00T25:61&duration=1.5&page=-1` },
  { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "intent=update&id=abc&role=owner&userId=nobody&commentId=1e309&url=javascript:alert(1)" },
  { headers: { "Content-Type": "application/x-www-form-urlencoded; charset=utf-16" }, body: Buffer.from([0xff, 0xfe, 0x00, 0xd8, 0x41]) },
  { headers: { "Content-Type": "application/octet-stream" }, body: Buffer.from([0, 1, 2, 3, 0xff, 0xfe]) },
  { headers: { "Content-Type": "%%%/;;;=" }, body: "x" },
  { headers: { "Content-Type": "application/json", "Content-Encoding": "gzip" }, body: "not gzip" },
];

const oddHeaders: Array<Record<string, string>> = [
  {},
  { Accept: "application/json" },
  { Accept: "*/*;q=abc, text/html;q=2" },
  { Cookie: "quads_session=%ZZ; quads_toast=garbage" },
  { "Accept-Language": "x".repeat(500) },
  { Origin: "null" },
  { "X-Request-Id": "\u00ff".repeat(10) },
  { "If-None-Match": '"' + "x".repeat(200) },
  { Range: "bytes=-1-2" },
];

type Case = { who: Session; request: RawRequest; label: string };

/** The sweep's cases: every route with every method and query once, then seeded combinations. */
function sweepCases(seed: number, total: number): Case[] {
  const random = seededRandom(seed);
  const pick = <T,>(values: T[]): T => values[Math.floor(random() * values.length)];
  const patterns = routePatterns(readdirSync(routesDirectory));
  const member = session("member");
  const cases: Case[] = [];
  const add = (who: Session, request: RawRequest) => cases.push({ who, request, label: `${who.name} ${request.method ?? "GET"} ${request.target}${request.host !== undefined ? ` Host: ${request.host}` : ""}` });

  for (const pattern of patterns) {
    for (const who of sessions) add(who, { target: fill(pattern, pick, who.userId ?? member.userId!, false) });
    add(pick(sessions), { target: fill(pattern, pick, member.userId!, true) });
    add(pick(sessions), { method: pick(methods), target: fill(pattern, pick, member.userId!, false), ...pick(bodies) });
    add(pick(sessions), { target: `${fill(pattern, pick, member.userId!, false)}?${pick(queries)}`, headers: pick(oddHeaders) });
  }
  while (cases.length < total) {
    const who = pick(sessions);
    const pattern = pick(patterns);
    const target = fill(pattern, pick, who.userId ?? member.userId!, random() < 0.3) + (random() < 0.5 ? `?${pick(queries)}` : "");
    const kind = random();
    if (kind < 0.45) add(who, { method: pick(["POST", "POST", "PUT", "PATCH", "DELETE"]), target, ...pick(bodies), headers: { ...pick(bodies).headers, ...pick(oddHeaders) } });
    else if (kind < 0.75) add(who, { method: pick(methods), target, headers: pick(oddHeaders) });
    else if (kind < 0.85) add(who, { target: `http://${pick(["evil.test", `127.0.0.1:${port}`, "[::1]"])}${target}` });
    else if (kind < 0.95) add(who, { target, host: pick(["evil.test", "", "a b", "[::1", "x".repeat(300), "127.0.0.1:0", "%41", "a@b"]) });
    else add(who, { method: pick(["OPTIONS", "GET"]), target: pick(["*", "//evil.test/", "/..%2f..%2fetc/passwd", "/%", "/\u00e9t\u00e9", `/${"a/".repeat(400)}`]) });
  }
  return cases;
}

describe("seeded sweep", () => {
  it(
    "answers a few hundred malformed requests to every route without a 5xx, and stays healthy",
    async () => {
      const cases = sweepCases(20_260_501, 700);
      const failures: string[] = [];
      let next = 0;
      const worker = async () => {
        while (next < cases.length) {
          const { who, request, label } = cases[next++];
          const response = await send(who, request);
          if (response.status >= 500 || response.status < 100) failures.push(`${response.status} ${label}: ${response.body.slice(0, 200)}`);
        }
      };
      await Promise.all(Array.from({ length: 4 }, worker));
      expect(failures, `server errors:\n${serverErrors().join("\n")}`).toEqual([]);

      for (let attempt = 0; attempt < 4; attempt += 1) {
        const health = await raw({ target: "/healthz" });
        expect(health.status).toBe(200);
        expect(health.body).toContain('"db":"ok"');
      }
      const home = await send(session("member"), { target: "/discussions" });
      expect(home.status).toBe(200);
      expect(serverErrors()).toEqual([]);
    },
    90_000,
  );
});
