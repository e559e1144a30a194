/**
 * MAIL_WORKER=false (docs/operations.md, "Several boxes"; decision 0110): the built server as a
 * cluster (WEB_CONCURRENCY=2) forks no mail worker and sends nothing, while its requests still
 * queue mail; the same database served with the mail worker on (another box, here the same one
 * started again) sends what was queued. Runs its own server (not the suite's).
 */
import Database from "better-sqlite3";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { processTree } from "../scripts/lib/process-tree";
import { registerViaApi, makeUser } from "./support/browser";
import { removeDirectory, startServer, stopServer, tempDirectory, type ServerProcess } from "./support/server-process";

let server: ServerProcess | undefined;
const directory = tempDirectory("mail-worker-off");
const mailDirectory = path.join(directory, "mail");

afterAll(async () => {
  if (server) await stopServer(server);
  removeDirectory(directory);
});

function workerScripts(box: ServerProcess): string[] {
  return processTree(box.child.pid)
    .filter((entry) => entry.pid !== box.child.pid)
    .map(({ pid }) => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).at(-1) ?? "");
}

function outboxStatuses(to: string): string[] {
  const database = new Database(path.join(directory, "quads.db"), { readonly: true });
  try {
    return database.prepare(`SELECT status FROM mail_outbox WHERE "to" = ?`).pluck().all(to) as string[];
  } finally {
    database.close();
  }
}

const mailFiles = () => (existsSync(mailDirectory) ? readdirSync(mailDirectory).filter((file) => file.endsWith(".eml")) : []);

describe("MAIL_WORKER=false", () => {
  it("forks no mail worker and sends nothing, the outbox still fills; a box with it on sends the queued mail", async () => {
    server = await startServer(directory, { WEB_CONCURRENCY: "2", MAIL_WORKER: "false" });
    const member = makeUser();
    await registerViaApi(server.baseURL, member); // queues the verification e-mail
    // The HTTP workers are up (it answered); a mail worker would have started beside them and polled every second.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const scripts = workerScripts(server);
    expect(scripts.filter((script) => script.endsWith("build/server.js"))).toHaveLength(2);
    expect(scripts.filter((script) => script.endsWith("build/mail-worker.js"))).toHaveLength(0);
    expect(server.log()).toContain("no mail worker: MAIL_WORKER=false");
    expect(outboxStatuses(member.email)).toEqual(["pending"]);
    expect(mailFiles()).toEqual([]);
    expect(await stopServer(server)).toBe(0);

    server = await startServer(directory, { WEB_CONCURRENCY: "2" });
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && outboxStatuses(member.email)[0] !== "sent") await new Promise((resolve) => setTimeout(resolve, 200));
    expect(outboxStatuses(member.email)).toEqual(["sent"]);
    expect(mailFiles()).toHaveLength(1);
  }, 90_000);
});
