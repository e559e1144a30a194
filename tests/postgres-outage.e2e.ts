/**
 * PostgreSQL going away under a running app, and an app started without one (docs/operations.md,
 * "When PostgreSQL is down"). The app (two workers) runs on a PostgreSQL of this file's own (its
 * own cluster and port: stopping it hurts no other test). PostgreSQL stopped as an operator would
 * (`pg_ctl stop -m fast`): /healthz answers 503 {"db":"error"} within seconds, pages and the API a
 * readable 503 (never a reset connection nor a 500). Started again: /healthz 200, sign-in and
 * posting work again, the app never restarted. A DATABASE_URL nobody answers on (a closed port, an
 * unknown host) stops the start with one line naming the host, and a non-zero exit code.
 */
import { spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, signInViaApi } from "../scripts/lib/app-server";
import { startPostgresServer, type PostgresServer } from "../scripts/lib/postgres-server";
import { makeUser, registerViaApi } from "./support/browser";
import { appDirectory, removeDirectory, startServer, stopServer, tempDirectory, type ServerProcess } from "./support/server-process";

const directory = tempDirectory("pg-outage");
let postgres: PostgresServer;
let server: ServerProcess | undefined;

beforeAll(async () => {
  postgres = await startPostgresServer({ database: "quads_outage" });
});

afterAll(async () => {
  if (server) await stopServer(server);
  await postgres?.stop();
  removeDirectory(directory);
});

type Answer = { status: number; contentType: string; body: string };

/** One request on a fresh connection (fetch would reuse one, always reaching the same worker); a reset connection rejects. */
function request(url: string, { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method, headers, agent: false, timeout: 15_000 }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, contentType: String(response.headers["content-type"] ?? ""), body: text }));
      response.on("error", reject);
    });
    outgoing.on("timeout", () => outgoing.destroy(new Error(`${method} ${url} timed out`)));
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** Asks /healthz until `count` answers in a row have `status` (both workers answer in turn); the seconds it took. */
async function healthzUntil(baseURL: string, status: number, withinMs: number, count = 6): Promise<number> {
  const started = Date.now();
  let inARow = 0;
  let last: Answer | undefined;
  while (Date.now() - started < withinMs) {
    last = await request(`${baseURL}/healthz`);
    inARow = last.status === status ? inARow + 1 : 0;
    if (inARow >= count) {
      expect(JSON.parse(last.body)).toMatchObject(status === 200 ? { status: "ok", db: "ok" } : { status: "error", db: "error" });
      return (Date.now() - started) / 1000;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`/healthz did not answer ${status} ${count} times in a row within ${withinMs} ms (last: ${last?.status} ${last?.body})`);
}

async function postDiscussion(baseURL: string, cookie: string, title: string): Promise<Answer> {
  const categories = await request(`${baseURL}/api/categories`, { headers: { Cookie: cookie } });
  const categoryId = categories.status === 200 ? (JSON.parse(categories.body) as Array<{ id: number }>)[0].id : 1;
  return request(`${baseURL}/api/posts`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify({ title, content: "Posted while testing an outage.", categoryId }),
  });
}

describe("PostgreSQL stopped and started again under the running app", () => {
  it("answers 503 while it is down and serves again once it is back, without a restart", async () => {
    server = await startServer(directory, { DATABASE_URL: postgres.url, WEB_CONCURRENCY: "2" });
    const { baseURL } = server;
    const user = makeUser();
    await registerViaApi(baseURL, user);
    const member = await signInViaApi(baseURL, user.email, user.password);
    expect((await postDiscussion(baseURL, member.cookie, "Before the outage")).status).toBe(201);
    const pids = server.child.pid;

    await postgres.shutDown();
    const downAfter = await healthzUntil(baseURL, 503, 5_000);

    // Pages, signed in or not, and with JavaScript off (a form post): a readable 503, not a reset nor a 500.
    for (const [pathname, headers] of [
      ["/discussions", { Cookie: member.cookie }],
      ["/", { Cookie: member.cookie }],
      ["/", {}],
      ["/login", {}],
    ] as const) {
      const page = await request(`${baseURL}${pathname}`, { headers: { Accept: "text/html", ...headers } });
      expect(page.status, `${pathname}: ${page.body.slice(0, 500)}`).toBe(503);
      expect(page.contentType).toMatch(/^text\/html/);
      expect(page.body).toMatch(/database cannot be reached right now/);
    }
    // A navigation with JavaScript on asks for the page's data: the same 503, never a 500.
    const data = await request(`${baseURL}/discussions.data`, { headers: { Cookie: member.cookie } });
    expect(data.status, data.body.slice(0, 300)).toBe(503);
    const signInForm = await request(`${baseURL}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL, Accept: "text/html" },
      body: new URLSearchParams({ intent: "login", email: user.email, password: user.password }).toString(),
    });
    expect(signInForm.status, signInForm.body.slice(0, 500)).toBe(503);
    expect(signInForm.body).toMatch(/database cannot be reached right now/);
    const apiPost = await postDiscussion(baseURL, member.cookie, "During the outage");
    expect(apiPost.status).toBe(503);
    expect(JSON.parse(apiPost.body)).toMatchObject({ message: expect.stringMatching(/database cannot be reached/) });
    const apiSignIn = await request(`${baseURL}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseURL },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(apiSignIn.status).toBe(503);

    await postgres.startAgain();
    const upAfter = await healthzUntil(baseURL, 200, 15_000);
    console.log(`PostgreSQL outage: /healthz said 503 after ${downAfter.toFixed(1)} s, 200 again ${upAfter.toFixed(1)} s after PostgreSQL was back`);

    // The same app (never restarted): sign-in and posting work again, on both workers.
    expect(server.child.pid).toBe(pids);
    expect(server.child.exitCode).toBeNull();
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const again = await signInViaApi(baseURL, user.email, user.password);
      const posted = await postDiscussion(baseURL, again.cookie, `After the outage ${attempt}`);
      expect(posted.status, posted.body).toBe(201);
      const page = await request(`${baseURL}/discussions`, { headers: { Cookie: again.cookie, Accept: "text/html" } });
      expect(page.status).toBe(200);
      expect(page.body).toContain(`After the outage ${attempt}`);
    }
    // The session of before the outage still works (sessions live in the database).
    expect((await postDiscussion(baseURL, member.cookie, "With the old session")).status).toBe(201);
    expect(server.log()).not.toMatch(/"status":500/);
  }, 90_000);
});

/** Runs the start command (what `npm start` runs once built: `node build/server.js`) and waits for it to exit. */
function startCommand(databaseUrl: string, webConcurrency: string): Promise<{ code: number | null; output: string; ms: number }> {
  return new Promise((resolve, reject) => {
    void (async () => {
      const cwd = await appDirectory(directory);
      const started = Date.now();
      const child = spawn(process.execPath, [path.join(cwd, "build/server.js")], {
        cwd,
        env: { ...process.env, NODE_ENV: "production", DATABASE_URL: databaseUrl, WEB_CONCURRENCY: webConcurrency, PORT: String(await freePort()), HOST: "127.0.0.1" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      child.on("error", reject);
      child.on("close", (code) => {
        clearTimeout(timer);
        resolve({ code, output, ms: Date.now() - started });
      });
    })().catch(reject);
  });
}

describe("a DATABASE_URL nobody answers on", () => {
  it.each([
    ["a closed port", async () => `postgres://quads:s3cret-password@127.0.0.1:${await freePort()}/quads`, /127\.0\.0\.1:\d+\/quads/],
    ["an unknown host", async () => "postgres://quads:s3cret-password@no-such-host.invalid:5432/quads", /no-such-host\.invalid:5432\/quads/],
  ])("stops the start with one line naming the host (%s), exit code 1", async (_name, url, host) => {
    for (const webConcurrency of ["1", "2"]) {
      const { code, output, ms } = await startCommand(await url(), webConcurrency);
      expect(code, output).toBe(1);
      const lines = output.trim().split("\n");
      expect(lines, output).toHaveLength(1);
      expect(lines[0]).toMatch(/^PostgreSQL at \S+ cannot be reached: /);
      expect(lines[0]).toMatch(host);
      expect(output).not.toContain("s3cret-password");
      expect(output).not.toMatch(/\n\s+at /); // no stack trace
      expect(ms).toBeLessThan(20_000);
    }
  }, 60_000);
});
