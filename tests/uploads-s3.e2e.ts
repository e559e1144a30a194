/**
 * Pictures in an object store (docs/decisions/0108-pictures-in-an-object-store.md), against a
 * real S3 protocol server (s3rver, started here: app/test/s3rver.ts) and the built app started
 * here with S3_* pointing at it: a member sets and removes an avatar with JavaScript on and off
 * (the picture is served through Quads from the bucket, then gone from both); /healthz reports the
 * store, and 503 once it is out of reach. Then two boxes with data folders of their own, one
 * PostgreSQL database and one bucket serve each other's pictures and see each other's removals.
 */
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3rver, type TestS3Server } from "../app/test/s3rver";
import { repoRoot, signInViaApi, startAppServer, stopAppServer, type AppServer } from "../scripts/lib/app-server";
import { startPostgresServer, type PostgresServer } from "../scripts/lib/postgres-server";
import { browserPerFile, goto, jsModes, newContext, visible, waitForToast } from "./support/browser";
import { ADMIN_EMAIL } from "./support/constants";
import { createApiMember, signInContext, type ApiMember } from "./support/discussions";
import { removeDirectory, startServer, stopServer, tempDirectory, type ServerProcess } from "./support/server-process";

const browser = browserPerFile();
const pngOf = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
const nameOf = (url: string) => url.slice("/uploads/".length);

async function uploadViaApi(baseURL: string, member: ApiMember, bytes: Buffer, kind = "image") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "picture.png");
  form.append("kind", kind);
  const response = await fetch(`${baseURL}/api/uploads`, { method: "POST", headers: { Cookie: member.cookie, Origin: baseURL }, body: form });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; url: string };
}

const healthOf = async (baseURL: string) => {
  const response = await fetch(`${baseURL}/healthz`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe("one box with its pictures in a bucket", () => {
  let s3: TestS3Server;
  let server: ServerProcess;
  let directory: string;
  beforeAll(async () => {
    s3 = await startS3rver({ bucket: "e2e-pictures" });
    directory = tempDirectory("uploads-s3");
    server = await startServer(directory, { ...s3.env, WEB_CONCURRENCY: "1" });
  });
  afterAll(async () => {
    if (server) await stopServer(server);
    await s3?.stop().catch(() => undefined);
    removeDirectory(directory);
  });

  describe.each(jsModes)("avatars ($mode)", ({ js }) => {
    it("uploads on /profile into the bucket, serves it through Quads, and removes it from the bucket", async () => {
      const member = await createApiMember(server.baseURL, { displayName: `Bucket ${js ? "on" : "off"}` });
      const context = await newContext(browser(), { javaScriptEnabled: js, baseURL: server.baseURL });
      try {
        await signInContext(context, server.baseURL, member);
        const page = await context.newPage();
        await goto(page, "/profile");
        const section = page.getByRole("region", { name: "Profile picture" });
        await section.getByLabel("Choose a picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await pngOf(300, 200, js ? "#123abc" : "#abc123") });
        await section.getByRole("button", { name: "Save picture" }).click();
        await waitForToast(page, "Success", "Your profile picture is saved.");
        const avatar = page.locator("header img[src^='/uploads/']");
        await visible(avatar);
        // Loaded (streamed from the bucket through Quads): polled, as the image may still be on its way when it shows.
        await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
        const url = (await avatar.getAttribute("src"))!;

        expect(await s3.hasObject(nameOf(url))).toBe(true);
        const served = await fetch(`${server.baseURL}${url}`);
        expect([served.status, served.headers.get("content-type"), served.headers.get("cache-control")]).toEqual([200, "image/webp", "public, max-age=31536000, immutable"]);
        const etag = served.headers.get("etag")!;
        expect(etag).toBe(`"${nameOf(url).replace(".webp", "")}"`);
        expect((await fetch(`${server.baseURL}${url}`, { headers: { "If-None-Match": etag } })).status).toBe(304);

        await section.getByRole("button", { name: "Remove picture" }).click();
        await waitForToast(page, "Success", "Your profile picture is removed: your initials show instead.");
        expect(await s3.hasObject(nameOf(url))).toBe(false);
        expect((await fetch(`${server.baseURL}${url}`)).status).toBe(404);
      } finally {
        await context.close();
      }
    });
  });

  it("/healthz reports the store: ok, then 503 with storage error once the bucket is out of reach", async () => {
    expect(await healthOf(server.baseURL)).toMatchObject({ status: 200, body: { status: "ok", db: "ok", storage: "ok" } });
    await s3.stop();
    expect(await healthOf(server.baseURL)).toMatchObject({ status: 503, body: { status: "error", db: "ok", storage: "error" } });
  });
});

/** A folder to run the build from with a data folder of its own (on PostgreSQL, `./data` of the working directory). */
function boxDirectory(label: string): string {
  const directory = tempDirectory(`box-${label}`);
  for (const entry of ["build", "db", "public", "node_modules", "package.json"]) symlinkSync(path.join(repoRoot, entry), path.join(directory, entry));
  mkdirSync(path.join(directory, "data"));
  return directory;
}

describe("two boxes, one PostgreSQL database, one bucket", () => {
  let s3: TestS3Server;
  let postgres: PostgresServer;
  const boxes: Array<{ server: AppServer; directory: string }> = [];
  beforeAll(async () => {
    s3 = await startS3rver({ bucket: "shared-pictures" });
    postgres = await startPostgresServer({ database: "quads_two_boxes" });
    for (const label of ["a", "b"]) {
      const directory = boxDirectory(label);
      const server = await startAppServer({
        cwd: directory,
        databasePath: path.join(directory, "data", "postgres"),
        env: { ...s3.env, DATABASE_URL: postgres.url, WEB_CONCURRENCY: "1", ADMIN_EMAIL, AUTH_RATE_LIMIT_PER_IP: "10000" },
      });
      boxes.push({ server, directory });
    }
  }, 120_000);
  afterAll(async () => {
    for (const box of boxes) {
      await stopAppServer(box.server, 5_000);
      removeDirectory(box.directory);
    }
    await postgres?.stop();
    await s3?.stop();
  });

  it("serves through box B a picture uploaded through box A, and a removal through B is seen by A", async () => {
    const [a, b] = boxes.map((box) => box.server.baseURL);
    const onA = await createApiMember(a);
    const picture = await uploadViaApi(a, onA, await pngOf(320, 240, "#5500aa"));
    const fromA = await fetch(`${a}${picture.url}`);
    const fromB = await fetch(`${b}${picture.url}`);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
    expect(fromB.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // Each box keeps its own data folder: nothing of the picture is on either disk.
    for (const box of boxes) expect(existsSync(path.join(box.directory, "data", "uploads", nameOf(picture.url).slice(0, 2)))).toBe(false);

    // The same member on box B (its own session secret, so its own sign-in) removes it there.
    const onB = { ...onA, ...(await signInViaApi(b, onA.email, onA.password)) };
    const removed = await fetch(`${b}/api/uploads/${picture.id}`, { method: "DELETE", headers: { Cookie: onB.cookie, Origin: b } });
    expect(removed.status).toBe(200);
    expect([(await fetch(`${a}${picture.url}`)).status, (await fetch(`${b}${picture.url}`)).status]).toEqual([404, 404]);
    expect((await healthOf(a)).body).toMatchObject({ db: "ok", storage: "ok" });
  });
});
