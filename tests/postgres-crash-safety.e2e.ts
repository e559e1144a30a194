/**
 * Crash safety on PostgreSQL, the twin of tests/crash-safety.e2e.ts: the built server (two
 * workers) on a throwaway PostgreSQL of its own, under a write load of many concurrent clients
 * through the JSON API (posts, replies, likes) and the pages' forms (a reply, JavaScript off: a redirect
 * to the reply), is killed with SIGKILL (the primary and its workers, the whole process group)
 * mid-load, restarted, and every write it had acknowledged is there. A unit of work is one
 * PostgreSQL transaction (app/utils/postgres-engine.server.ts): acknowledged means committed, and a
 * killed client's open transaction is rolled back by PostgreSQL, so counters never drift.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInViaApi } from "../scripts/lib/app-server";
import { startPostgresServer, type PostgresServer } from "../scripts/lib/postgres-server";
import { makeUser, registerViaApi } from "./support/browser";
import { killGroup, removeDirectory, startServer, stopServer, tempDirectory, type ServerProcess } from "./support/server-process";
import { expectAcknowledgedWritesKept, postJson, replyByForm, startWriteLoad, type LoadMember } from "./support/write-load";

const directory = tempDirectory("pg-crash");
let postgres: PostgresServer;
let server: ServerProcess | undefined;

beforeAll(async () => {
  postgres = await startPostgresServer({ database: "quads_crash" });
});

afterAll(async () => {
  if (server) await stopServer(server);
  await postgres?.stop();
  removeDirectory(directory);
});

describe("crash safety on PostgreSQL", () => {
  it("keeps every acknowledged write through a kill -9 of the server under load", async () => {
    const env = { DATABASE_URL: postgres.url, WEB_CONCURRENCY: "2", DATABASE_POOL_SIZE: "8" };
    server = await startServer(directory, env);
    const { baseURL } = server;
    const members: LoadMember[] = [];
    for (let index = 0; index < 6; index += 1) {
      const user = makeUser();
      await registerViaApi(baseURL, user);
      members.push(await signInViaApi(baseURL, user.email, user.password));
    }
    const categories = (await (await fetch(`${baseURL}/api/categories`, { headers: { Cookie: members[0].cookie } })).json()) as Array<{ id: number }>;
    const seed = await postJson(baseURL, members[0], "/api/posts", { title: "Crash test seed", content: "Load target.", categoryId: categories[0].id });
    expect(seed.status).toBe(201);
    // The page form's answer names the reply it made (checked here, before the load relies on it).
    expect((await replyByForm(baseURL, members[1], seed.json.id as number, "A first reply by form")).replyId).toBeGreaterThan(0);

    const failuresBeforeKill: string[] = [];
    // A unit that kept meeting serialization failures is answered 503 "busy, try again" (decision
    // 0105): not acknowledged, nothing saved. Counted, and allowed; any other refusal fails the test.
    const busyAnswers: Record<string, number> = {};
    // Many concurrent clients: two lanes per member, twelve in all, the API's writes and the page's reply form.
    const load = startWriteLoad({
      baseURL,
      members,
      categoryId: categories[0].id,
      seedPostId: seed.json.id as number,
      formReplies: true,
      refused: (what, answer) => {
        if (answer.status === 503 && /busy/.test(String(answer.json.message))) busyAnswers[what] = (busyAnswers[what] ?? 0) + 1;
        else if (!load.isStopped()) failuresBeforeKill.push(`${what} ${answer.status} ${JSON.stringify(answer.json)}`);
      },
      // After the kill: the connection died with the server, this write was not acknowledged.
      failed: (error) => {
        if (!load.isStopped()) failuresBeforeKill.push(String(error));
      },
    });
    // Killed mid-load once enough writes were acknowledged (a busy machine acknowledges them slowly).
    await load.whenAcknowledged(40, () => failuresBeforeKill.length === 0);
    killGroup(server, "SIGKILL");
    const stopped = load.stop();
    await server.exited;
    await stopped;
    server = undefined;

    expect(failuresBeforeKill).toEqual([]);
    const acknowledged = load.count();
    expect(acknowledged).toBeGreaterThanOrEqual(40);
    console.log(`crash safety on PostgreSQL: ${acknowledged} acknowledged writes before the kill (answered 503 busy: ${JSON.stringify(busyAnswers)})`);

    // PostgreSQL ended the killed server's sessions (their open transactions rolled back); the restart finds it whole.
    server = await startServer(directory, env);
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      await expectAcknowledgedWritesKept(load.acknowledged, async (sql) => (await client.query({ text: sql, rowMode: "array" })).rows.map((row: unknown[]) => row[0]));
    } finally {
      await client.end();
    }
    // The restarted server serves and writes (its sessions are in the database: the old cookies still work).
    const again = await fetch(`${server.baseURL}/api/posts/${load.acknowledged.posts.at(-1)}`, { headers: { Cookie: members[0].cookie } });
    expect(again.status).toBe(200);
    expect((await postJson(server.baseURL, members[1], "/api/posts", { title: "After the crash", content: "Still writing.", categoryId: categories[0].id })).status).toBe(201);
  }, 90_000);
});
