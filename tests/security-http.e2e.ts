/**
 * HTTP-level defences on a server of its own behind a pretend reverse proxy (TRUST_PROXY=true,
 * which means one trusted hop): body limits answered before the body is read, per-IP limits that
 * a client cannot dodge with X-Forwarded-For, Secure cookies over HTTPS, Origin compared with its
 * scheme, and `Cache-Control: private` on member pages and /api JSON. docs/operations.md.
 */
import http from "node:http";
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
