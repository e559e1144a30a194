import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer as streamToBuffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "~/routes/uploads.$name";
import { routeArgs } from "~/test/factories";
import { startS3rver, type TestS3Server } from "~/test/s3rver";
import { getEnv } from "~/utils/env.server";
import { createS3Storage } from "./s3-storage.server";
import { createLocalDiskStorage, getUploadStorage, sha256Of, storageIsHealthy, type UploadStorage } from "./storage.server";

const hash = "0123456789abcdef0123456789abcdef";
const bytes = Buffer.from("not really a webp, but bytes all the same");

/** GET /uploads/{name} through its route module, with these request headers. */
async function serve(name: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost/uploads/${name}`, { headers });
  const response = await loader(routeArgs(request, { name }));
  return { response, body: response.body ? Buffer.from(await response.arrayBuffer()) : null };
}

describe.each(["disk", "s3"] as const)("the picture store (%s)", (backend) => {
  let s3: TestS3Server | undefined;
  let storage: UploadStorage;
  beforeAll(async () => {
    if (backend === "s3") {
      s3 = await startS3rver();
      getEnv().objectStore = s3.config;
    }
    storage = getUploadStorage();
  });
  afterAll(async () => {
    getEnv().objectStore = null;
    await s3?.stop();
  });

  it("puts, heads, gets, lists and deletes a file; a missing one is null, deleting it again is no error", async () => {
    const name = `${hash}-40x30.webp`;
    expect(await storage.head(name)).toBeNull();
    expect(await storage.get(name)).toBeNull();
    await storage.put(name, bytes);
    await storage.put(name, bytes); // content-addressed: harmless
    const head = await storage.head(name);
    expect(head?.size).toBe(bytes.length);
    if (backend === "s3") expect(head?.sha256).toBe(sha256Of(bytes)); // kept beside the object
    const file = await storage.get(name);
    expect(file?.size).toBe(bytes.length);
    expect(await streamToBuffer(file!.body)).toEqual(bytes);
    const listed: Array<{ name: string; size: number }> = [];
    for await (const entry of storage.list()) listed.push(entry);
    expect(listed).toContainEqual({ name, size: bytes.length });
    await storage.delete(name);
    await storage.delete(name);
    expect(await storage.head(name)).toBeNull();
    // Anything but an upload name is never looked up.
    expect(await storage.get("../../etc/passwd")).toBeNull();
  });

  it("lists every file, past one page of a bucket's listing", async () => {
    const names = Array.from({ length: 5 }, (_, index) => `${hash.slice(0, 31)}${index}-64.webp`);
    for (const name of names) await storage.put(name, Buffer.from(name));
    const listed: string[] = [];
    const paged = backend === "s3" ? createS3Storage(s3!.config, { listPageSize: 2 }) : storage;
    for await (const entry of paged.list()) listed.push(entry.name);
    expect(listed).toEqual(expect.arrayContaining(names));
    for (const name of names) await storage.delete(name);
  });

  it("serves a stored file with the same headers from either store: WebP, immutable, its name as ETag, a 304 on revalidation", async () => {
    const name = `${hash}-20x10.webp`;
    await storage.put(name, bytes);
    const { response, body } = await serve(name);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "image/webp",
      "cache-control": "public, max-age=31536000, immutable",
      "content-length": String(bytes.length),
      etag: `"${hash}-20x10"`,
    });
    expect(body).toEqual(bytes);
    const again = await serve(name, { "If-None-Match": `"${hash}-20x10"` });
    expect([again.response.status, again.body]).toEqual([304, null]);
    expect(again.response.headers.get("etag")).toBe(`"${hash}-20x10"`);
    // A file gone from the store (removed by hand, or in the bucket only): 404, revalidation too.
    await storage.delete(name);
    expect((await serve(name)).response.status).toBe(404);
    expect((await serve(name, { "If-None-Match": `"${hash}-20x10"` })).response.status).toBe(404);
    expect((await serve("nothing.svg")).response.status).toBe(404);
  });

  it("reports itself healthy for /healthz", async () => {
    expect(await storageIsHealthy()).toBe(true);
  });
});

describe("a store out of reach", () => {
  it("fails the health check and answers a picture with 503 (never a hang or a crash)", async () => {
    // A bucket that does not exist on a live server, then a server that is gone.
    const s3 = await startS3rver();
    try {
      getEnv().objectStore = { ...s3.config, bucket: "no-such-bucket" };
      expect(await storageIsHealthy()).toBe(false);
      getEnv().objectStore = s3.config;
      expect(await storageIsHealthy()).toBe(true);
    } finally {
      await s3.stop();
    }
    expect(await storageIsHealthy()).toBe(false);
    const { response } = await serve(`${hash}-20x10.webp`);
    expect([response.status, response.headers.get("cache-control")]).toEqual([503, "no-store"]);
    getEnv().objectStore = null;
  });

  it("a local folder that cannot be written is unhealthy", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "quads-store-")), "a-file");
    writeFileSync(file, "");
    await expect(createLocalDiskStorage(path.join(file, "uploads")).check()).rejects.toThrow();
  });
});
