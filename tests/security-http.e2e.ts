/**
 * HTTP-level defences on a server of its own behind a pretend reverse proxy (TRUST_PROXY=true,
 * which means one trusted hop): body limits answered before the body is read, per-IP limits that
 * a client cannot dodge with X-Forwarded-For, Secure cookies over HTTPS, Origin compared with its
 * scheme, `Cache-Control: private` on member pages and /api JSON, a readable 431 for oversized
 * headers, and absolute links built on PUBLIC_URL whatever Host the request names. docs/operations.md.
 */
import Database from "better-sqlite3";
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeDirectory, startServer, stopServer, tempDirectory, type ServerProcess } from "./support/server-process";

let server: ServerProcess;
let directory: string;

beforeAll(async () => {
  directory = tempDirectory("security-http");
  server = await startServer(directory, { TRUST_PROXY: "true", AUTH_RATE_LIMIT_PER_IP: "3", WEB_CONCURRENCY: "1" });
});

afterAll(async () => {
  if (server) await stopServer(server);
  if (directory) removeDirectory(directory);
});

/** A raw request whose headers may lie (a Content-Length far larger than what is sent). */
function rawRequest(options: { method: string; path: string; headers: Record<string, string>; body?: string }): Promise<{ status: number; ms: number; body: string }> {
  const { port } = new URL(server.baseURL);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method: options.method, path: options.path, headers: options.headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, ms: Date.now() - started, body }));
    });
    request.on("error", reject);
    if (options.body) request.write(options.body);
    // Never end a lying request: the server must answer without waiting for the rest.
    if (!options.headers["Content-Length"] || Number(options.headers["Content-Length"]) === Buffer.byteLength(options.body ?? "")) request.end();
  });
}

describe("server-level defences", () => {
  it("answers 413 to a 300 MB body from its Content-Length, before reading it, and stays healthy", async () => {
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        rawRequest({
          method: "POST",
          path: "/api/auth/login",
          headers: { "Content-Type": "application/json", "Content-Length": String(300 * 1024 * 1024) },
          body: '{"email":"',
        }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).message).toMatch(/too large/);
    }
    const page = await rawRequest({ method: "POST", path: "/login", headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(2 * 1024 * 1024) }, body: "a=" });
    expect(page.status).toBe(413);
    const chunked = await rawRequest({ method: "POST", path: "/api/auth/login", headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked" }, body: "5\r\n{\"a\":\r\n" });
    expect(chunked.status).toBe(411);
    expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
  });

  it("keeps per-IP limits when the client writes its own X-Forwarded-For", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await fetch(`${server.baseURL}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.0.0.${attempt}, 198.51.100.7` },
        body: JSON.stringify({ email: `nobody${attempt}@example.com`, password: "whatever-password" }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(server.log()).toMatch(/TRUST_PROXY=true/);
  });

  it("marks cookies Secure over HTTPS, refuses an https Origin on an http site, and keeps member answers private", async () => {
    const email = `secure-${Date.now()}@example.com`;
    const register = await fetch(`${server.baseURL}/api/auth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.50" },
      body: JSON.stringify({ email, password: "correct horse battery", firstName: "Sec", lastName: "Ure", displayName: "Secure" }),
    });
    expect(register.status).toBe(201);
    const cookies = register.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
    const session = cookies.map((cookie) => cookie.split(";")[0]).join("; ");

    const crossScheme = await fetch(`${server.baseURL}/api/auth/logout`, {
      method: "POST",
      headers: { Cookie: session, Origin: server.baseURL.replace("http:", "https:"), "X-Forwarded-For": "203.0.113.51" },
    });
    expect(crossScheme.status).toBe(403);

    for (const path of ["/api/auth/user", "/discussions", "/profile"]) {
      const response = await fetch(`${server.baseURL}${path}`, { headers: { Cookie: session, "X-Forwarded-For": "203.0.113.52" }, redirect: "manual" });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toMatch(/private|no-store/);
    }
  });
});

/** Sends `head` on a raw socket (in pieces, as a slow client would) and reads everything until the server closes. */
function rawExchange(head: string): Promise<{ text: string; error?: string }> {
  const { port } = new URL(server.baseURL);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), "127.0.0.1");
    let text = "";
    let error: string | undefined;
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (text += chunk));
    socket.on("error", (caught: NodeJS.ErrnoException) => (error = caught.code ?? caught.message));
    socket.on("close", () => resolve({ text, error }));
    const pieces = head.match(/[\s\S]{1,8192}/g) ?? [];
    const sendNext = () => {
      const piece = pieces.shift();
      if (piece === undefined || socket.destroyed) return;
      socket.write(piece, () => setTimeout(sendNext, 2));
    };
    sendNext();
  });
}

describe("oversized request headers", () => {
  it("answers a 100 KB header block with a readable 431 and a clean close, not a reset connection", async () => {
    for (const headers of [`X-Padding: ${"a".repeat(100 * 1024)}\r\n`, `Cookie: ${Array.from({ length: 400 }, (_, index) => `c${index}=${"b".repeat(250)}`).join("; ")}\r\n`]) {
      const { text, error } = await rawExchange(`GET /discussions HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n`);
      expect(error).toBeUndefined();
      expect(text).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
      expect(text).toMatch(/Connection: close/i);
      expect(text.split("\r\n\r\n")[1]).toMatch(/headers are too large/);
    }
    expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
  });
});

describe("absolute links", () => {
  it("builds the Atom feed's and the meetings calendars' links on PUBLIC_URL, never on Host: attacker.example", async () => {
    const email = `links-${Date.now()}@example.com`;
    const register = await fetch(`${server.baseURL}/api/auth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.60" },
      body: JSON.stringify({ email, password: "correct horse battery", firstName: "Link", lastName: "Maker", displayName: "Link Maker" }),
    });
    expect(register.status).toBe(201);
    const cookie = register.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
    // An admin, to schedule a meeting (set in the database: ADMIN_EMAIL needs a verified address).
    const db = new Database(server.databasePath);
    db.pragma("busy_timeout = 5000");
    db.prepare("update users set role = 'admin' where email = ?").run(email);
    db.close();
    const send = (method: string, path: string, body?: unknown) =>
      fetch(`${server.baseURL}${path}`, { method, headers: { "Content-Type": "application/json", Accept: "application/json", Cookie: cookie, "X-Forwarded-For": "203.0.113.61" }, body: body === undefined ? undefined : JSON.stringify(body) });
    const [category] = (await (await send("GET", "/api/categories")).json()) as Array<{ id: number }>;
    const post = (await (await send("POST", "/api/posts", { title: "A post linked from the feed", content: "Read me.", categoryId: category.id })).json()) as { id: number };
    const meeting = await send("POST", "/api/admin/meetings", { title: "A meeting linked from the calendar", scheduledAt: new Date(Date.now() + 2 * 86_400_000).toISOString() });
    expect(meeting.status).toBe(201);
    const { id: meetingId } = (await meeting.json()) as { id: number };
    const feeds = (await (await send("GET", "/api/account/feeds")).json()) as { discussions: string };
    expect(feeds.discussions.startsWith(`${server.baseURL}/feeds/`)).toBe(true);

    const forgedHeaders: Array<Record<string, string>> = [{ Host: "attacker.example" }, { Host: "attacker.example:8080", "X-Forwarded-Host": "attacker.example", "X-Forwarded-Proto": "https" }];
    for (const forged of forgedHeaders) {
      const answers = await Promise.all(
        [new URL(feeds.discussions).pathname, "/meetings.ics", `/meetings/${meetingId}/calendar.ics`].map((path) =>
          rawRequest({ method: "GET", path, headers: { ...forged, "X-Forwarded-For": "203.0.113.62" } }),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.body).not.toContain("attacker.example");
      }
      expect(answers[0].body).toContain(`${server.baseURL}/post/${post.id}`);
      expect(answers[1].body).toContain(`${server.baseURL}/meetings#meeting-${meetingId}`);
    }
  });
});
