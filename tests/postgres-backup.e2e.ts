/**
 * Backup and restore on PostgreSQL through the real commands (docs/operations.md, "Backups"): the
 * built server runs on a throwaway PostgreSQL of this file's own, a member uploads a picture and
 * posts it; `npm run backup` (the server running) writes a pg_dump archive and the pictures beside
 * it; the post (and with it its picture) is then deleted and another post written; `npm run restore` refuses
 * while the server is connected, and once it is stopped puts the backup back (database and
 * pictures): the restarted server shows the post and its picture again, and not what came after.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInViaApi } from "../scripts/lib/app-server";
import { startPostgresServer, type PostgresServer } from "../scripts/lib/postgres-server";
import { makeUser, registerViaApi } from "./support/browser";
import { appDirectory, removeDirectory, runNpm, startServer, stopServer, tempDirectory, type ServerProcess } from "./support/server-process";

const directory = tempDirectory("pg-backup");
let postgres: PostgresServer;
let server: ServerProcess | undefined;

beforeAll(async () => {
  postgres = await startPostgresServer({ database: "quads_backup" });
});

afterAll(async () => {
  if (server) await stopServer(server);
  await postgres?.stop();
  removeDirectory(directory);
});

async function call(baseURL: string, cookie: string, method: string, pathname: string, body?: unknown) {
  const response = await fetch(`${baseURL}${pathname}`, {
    method,
    headers: { Cookie: cookie, Origin: baseURL, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

async function picture(baseURL: string, url: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(`${baseURL}${url}`);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("npm run backup and npm run restore on PostgreSQL", () => {
  it("puts back a post and its picture, and nothing written after the backup", async () => {
    const env = { DATABASE_URL: postgres.url, WEB_CONCURRENCY: "2" };
    const app = await appDirectory(directory);
    // The commands run where the server runs (its ./data holds the uploads), as an operator's would.
    const npm = (args: string[]) => runNpm(args, { DATABASE_URL: postgres.url, UPLOADS_DIR: undefined }, app);
    server = await startServer(directory, env);
    const user = makeUser();
    await registerViaApi(server.baseURL, user);
    let member = await signInViaApi(server.baseURL, user.email, user.password);

    // A picture, and a post showing it.
    const form = new FormData();
    const png = await sharp({ create: { width: 640, height: 320, channels: 3, background: "#3b82f6" } }).png().toBuffer();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "chart.png");
    form.append("kind", "image");
    const uploaded = await fetch(`${server.baseURL}/api/uploads`, { method: "POST", headers: { Cookie: member.cookie, Origin: server.baseURL }, body: form });
    expect(uploaded.status).toBe(201);
    const upload = (await uploaded.json()) as { id: string; url: string };
    const before = await picture(server.baseURL, upload.url);
    expect(before.status).toBe(200);
    const categories = (await (await fetch(`${server.baseURL}/api/categories`, { headers: { Cookie: member.cookie } })).json()) as Array<{ id: number }>;
    const kept = await call(server.baseURL, member.cookie, "POST", "/api/posts", {
      title: "Kept by the backup",
      content: `Our loss curve:\n\n![Loss curve](${upload.url})`,
      categoryId: categories[0].id,
    });
    expect(kept.status).toBe(201);
    const keptId = kept.json.id as number;

    // The backup, while the server runs.
    const backupFile = path.join(directory, "backups", "quads.dump");
    const backup = await npm(["run", "backup", "--", backupFile]);
    expect(backup.code, backup.stderr + backup.stdout).toBe(0);
    expect(backup.stdout).toContain(`written to ${backupFile}`);
    expect(backup.stdout).not.toContain(postgres.url); // the URL (and any password) stays out of messages
    expect(existsSync(backupFile)).toBe(true);
    const savedPictures = readdirSync(`${backupFile}.uploads`, { recursive: true }).map(String);
    expect(savedPictures.some((name) => name.includes(upload.url.slice("/uploads/".length, "/uploads/".length + 32)))).toBe(true);

    // After the backup: the post and its picture deleted, another post written.
    expect((await call(server.baseURL, member.cookie, "DELETE", `/api/posts/${keptId}`)).status).toBe(204);
    // Deleting the post releases its picture in the background (docs/uploads.md): removing it by hand as
    // well answers 200 ({ removed }) while it is still there, or 404 once the release got to it first.
    expect([200, 404]).toContain((await call(server.baseURL, member.cookie, "DELETE", `/api/uploads/${upload.id}`)).status);
    const later = await call(server.baseURL, member.cookie, "POST", "/api/posts", { title: "Written after the backup", content: "Lost by the restore.", categoryId: categories[0].id });
    expect(later.status).toBe(201);
    expect((await call(server.baseURL, member.cookie, "GET", `/api/posts/${keptId}`)).status).toBe(404);
    expect((await picture(server.baseURL, upload.url)).status).toBe(404);

    // The restore refuses while the server is connected, and changes nothing.
    const refused = await npm(["run", "restore", "--", backupFile]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/other session\(s\) connected to .*Stop every server on it first/);
    expect((await call(server.baseURL, member.cookie, "GET", `/api/posts/${later.json.id}`)).status).toBe(200);

    // Stopped, restored, started again.
    await stopServer(server);
    server = undefined;
    const restore = await npm(["run", "restore", "--", backupFile]);
    expect(restore.code, restore.stderr + restore.stdout).toBe(0);
    expect(restore.stdout).toContain(`Restored ${backupFile} into`);
    expect(restore.stdout).toMatch(/Restored the pictures of .* into .*data\/uploads/);
    expect(restore.stdout).toMatch(/The database it replaced is kept as .*data\/backups\/quads-before-restore-.*\.dump/);
    server = await startServer(directory, env);
    member = await signInViaApi(server.baseURL, user.email, user.password);
    const back = await call(server.baseURL, member.cookie, "GET", `/api/posts/${keptId}`);
    expect(back.status).toBe(200);
    expect(back.json).toMatchObject({ title: "Kept by the backup" });
    const page = await (await fetch(`${server.baseURL}/post/${keptId}`, { headers: { Cookie: member.cookie } })).text();
    expect(page).toContain(`src="${upload.url}"`);
    const after = await picture(server.baseURL, upload.url);
    expect(after.status).toBe(200);
    expect(after.bytes.equals(before.bytes)).toBe(true);
    expect((await call(server.baseURL, member.cookie, "GET", `/api/posts/${later.json.id}`)).status).toBe(404);
    // Writing goes on after the restore (the sequences came back with the data).
    expect((await call(server.baseURL, member.cookie, "POST", "/api/posts", { title: "After the restore", content: "Writing again.", categoryId: categories[0].id })).status).toBe(201);
  }, 120_000);
});
