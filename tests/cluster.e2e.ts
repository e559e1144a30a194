/**
 * Both cores: the built server with WEB_CONCURRENCY=2 (a primary and two workers over one
 * SQLite file). Concurrent likes, unlikes and replies from several members through HTTP stay
 * correct across the workers; a crashed worker is replaced; SIGTERM stops everything cleanly.
 * Runs its own server (not the suite's), so it can kill and stop it.
 */
import Database from "better-sqlite3";
import { existsSync, readFileSync } from "node:fs";
import { get } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processTree } from "../scripts/lib/process-tree";
import { removeDirectory, requestLogLines, signInNewMember, startServer, stopServer, tempDirectory, type ServerProcess } from "./support/server-process";

type Member = { email: string; cookie: string; id: string };

let server: ServerProcess;
let directory: string;

async function call(member: Member, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.baseURL}${path}`, {
    method,
    headers: { Cookie: member.cookie, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

/** GET /healthz on a fresh connection each time (fetch would reuse one, always reaching the same worker). */
function healthz(): Promise<{ status: number; body: { status: string; db: string; pid: number } }> {
  return new Promise((resolve, reject) => {
    const request = get(`${server.baseURL}/healthz`, { agent: false, timeout: 2_000 }, (response) => {
      let text = "";
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
    request.on("timeout", () => request.destroy(new Error("GET /healthz timed out")));
    request.on("error", reject);
  });
}

async function healthyPids(): Promise<Set<number>> {
  const pids = new Set<number>();
  // The second worker may still be starting (the mail worker starts beside them): ask for up to ~6 s.
  for (let attempt = 0; attempt < 60 && pids.size < 2; attempt += 1) {
    const { status, body } = await healthz();
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "ok", db: "ok" });
    pids.add(body.pid);
    if (pids.size < 2) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return pids;
}

beforeAll(async () => {
  directory = tempDirectory("cluster");
  server = await startServer(directory, { WEB_CONCURRENCY: "2" });
});

afterAll(async () => {
  if (server) await stopServer(server);
  if (directory) removeDirectory(directory);
});

describe("a cluster of two workers over one SQLite file", () => {
  it("answers /healthz from each worker, with the database ok", async () => {
    expect((await healthyPids()).size).toBe(2);
  });

  it("runs the mail worker from its own small script, and no worker loads sharp before a picture comes", async () => {
    await healthyPids();
    const workers = () =>
      processTree(server.child.pid)
        .filter((entry) => entry.pid !== server.child.pid)
        .map(({ pid }) => ({ pid, command: readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean), maps: readFileSync(`/proc/${pid}/maps`, "utf8") }));
    const started = workers();
    const mail = started.filter((worker) => worker.command.at(-1)?.endsWith("build/mail-worker.js"));
    const http = started.filter((worker) => worker.command.at(-1)?.endsWith("build/server.js"));
    expect([mail.length, http.length]).toEqual([1, 2]);
    // docs/performance.md, "Footprint": V8 sizes the workers' young generation (decision 0124: a 4 MB one cost CPU under
    // load), and sharp (libvips) is loaded on the first upload only.
    for (const worker of started) expect(worker.command.join(" ")).not.toMatch(/semi.space/);
    for (const worker of started) expect(worker.maps).not.toMatch(/libvips/);

    // A crashed mail worker comes back from the same small script.
    process.kill(mail[0].pid, "SIGKILL");
    const deadline = Date.now() + 20_000;
    let replaced: ReturnType<typeof workers> = [];
    while (Date.now() < deadline && replaced.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      replaced = workers().filter((worker) => worker.pid !== mail[0].pid && worker.command.at(-1)?.endsWith("build/mail-worker.js"));
    }
    expect(replaced).toHaveLength(1);
  }, 30_000);

  it("keeps likes and replies correct under concurrent writes from several members", async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => signInNewMember(server.baseURL)));
    const categories = (await call(members[0], "GET", "/api/categories")).json as unknown as Array<{ id: number }>;
    const posts: number[] = [];
    for (const author of members.slice(0, 3)) {
      const created = await call(author, "POST", "/api/posts", { title: `Cluster test by ${author.email}`, content: "Concurrent writers.", categoryId: categories[0].id });
      expect(created.status).toBe(201);
      posts.push(created.json!.id as number);
    }

    const statuses: number[] = [];
    const expectedLiked = new Map<string, boolean>();
    const expectedReplies = new Map<number, number>(posts.map((id) => [id, 0]));
    // Every (member, post) pair runs its own sequence of likes and unlikes; all pairs at once.
    const lanes = members.flatMap((member, memberIndex) =>
      posts.map(async (postId, postIndex) => {
        let liked = false;
        const steps = 6 + ((memberIndex + postIndex) % 3);
        for (let step = 0; step < steps; step += 1) {
          const like: boolean = !liked || step % 4 === 0;
          const result = await call(member, like ? "POST" : "DELETE", `/api/posts/${postId}/like`);
          statuses.push(result.status);
          if (result.status === 200) liked = like;
          if (step % 3 === 1) {
            const reply = await call(member, "POST", `/api/posts/${postId}/replies`, { content: `Reply ${step} from ${member.email}` });
            statuses.push(reply.status);
            if (reply.status === 201) expectedReplies.set(postId, (expectedReplies.get(postId) ?? 0) + 1);
          }
        }
        expectedLiked.set(`${member.id}:${postId}`, liked);
      }),
    );
    await Promise.all(lanes);

    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.every((status) => status === 200 || status === 201)).toBe(true);

    const db = new Database(server.databasePath, { readonly: true });
    try {
      for (const postId of posts) {
        const row = db
          .prepare(
            `select likes_count as likes, replies_count as replies,
                    (select count(*) from post_likes where post_id = posts.id) as likeRows,
                    (select count(*) from replies where post_id = posts.id) as replyRows
             from posts where id = ?`,
          )
          .get(postId) as { likes: number; replies: number; likeRows: number; replyRows: number };
        expect(row.likes).toBe(row.likeRows);
        expect(row.replies).toBe(row.replyRows);
        expect(row.replyRows).toBe(expectedReplies.get(postId));
        const likers = members.filter((member) => expectedLiked.get(`${member.id}:${postId}`)).length;
        expect(row.likeRows).toBe(likers);
      }
      // Points follow the ledger in every worker's writes.
      const drift = db
        .prepare(`select count(*) from users where points != (select coalesce(sum(points), 0) from contributions where user_id = users.id)`)
        .pluck()
        .get();
      expect(drift).toBe(0);
    } finally {
      db.close();
    }

    // The writes were spread over both workers, each logged as a JSON line with a request id.
    const writes = requestLogLines(server).filter((line) => line.method !== "GET" && typeof line.requestId === "string");
    expect(new Set(writes.map((line) => line.pid)).size).toBe(2);
    expect(writes[0]).toMatchObject({ level: "info", status: expect.any(Number), durationMs: expect.any(Number), path: expect.any(String) });
  });

  it("replaces a worker that crashes", async () => {
    const before = await healthyPids();
    const [victim] = [...before];
    process.kill(victim, "SIGKILL");
    const deadline = Date.now() + 30_000;
    let after = new Set<number>();
    while (Date.now() < deadline) {
      after = await healthyPids().catch(() => new Set<number>());
      if (after.size === 2 && !after.has(victim)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(after.size).toBe(2);
    expect(after.has(victim)).toBe(false);
  }, 45_000);

  it("stops on SIGTERM with exit code 0, the database closed cleanly and the pid file removed", async () => {
    expect(existsSync(`${server.databasePath}.pid`)).toBe(true);
    const inFlight = Array.from({ length: 10 }, () => fetch(`${server.baseURL}/login`).then((response) => response.status).catch(() => 0));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const code = await stopServer(server);
    expect(code).toBe(0);
    // Requests that reached a worker were answered; none got a server error.
    expect((await Promise.all(inFlight)).filter((status) => status >= 500)).toEqual([]);
    expect(existsSync(`${server.databasePath}-wal`)).toBe(false);
    expect(existsSync(`${server.databasePath}.pid`)).toBe(false);
    expect(server.log()).toContain("SIGTERM received");
  });
});
