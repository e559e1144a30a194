import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "../app/features/uploads/s3-storage.server";
import { createLocalDiskStorage, sha256Of, type UploadStorage } from "../app/features/uploads/storage.server";
import { startS3rver, type TestS3Server } from "../app/test/s3rver";
import { copyUploads } from "./lib/uploads-copy";

const names = Array.from({ length: 7 }, (_, index) => `${String(index).repeat(32)}-${10 + index}x10.webp`);
const bytesOf = (name: string) => Buffer.from(`picture ${name}`.repeat(50));

describe("npm run uploads:copy", () => {
  let s3: TestS3Server;
  let disk: UploadStorage;
  let bucket: UploadStorage;
  let uploadsDirectory: string;
  beforeAll(async () => {
    s3 = await startS3rver({ bucket: "copy-test" });
    uploadsDirectory = path.join(mkdtempSync(path.join(tmpdir(), "quads-copy-")), "uploads");
    disk = createLocalDiskStorage(uploadsDirectory);
    bucket = createS3Storage(s3.config);
    for (const name of names) await disk.put(name, bytesOf(name));
  });
  afterAll(() => s3.stop());

  it("copies every picture, verified, then skips them on the next run (resumable); a different object under the same name is copied again", async () => {
    // Interrupted earlier: two pictures already there, one of them the wrong bytes.
    await bucket.put(names[0], bytesOf(names[0]));
    await bucket.put(names[1], Buffer.from("something else of another size"));
    const seen: string[] = [];
    const first = await copyUploads({ source: disk, target: bucket, onProgress: (progress) => seen.push(`${progress.done}/${progress.total}`) });
    expect(first).toMatchObject({ total: 7, copied: 6, skipped: 1, failed: [] });
    expect(seen.at(-1)).toBe("7/7");
    for (const name of names) expect(await bucket.head(name)).toEqual({ size: bytesOf(name).length, sha256: sha256Of(bytesOf(name)) });

    const again = await copyUploads({ source: disk, target: bucket });
    expect(again).toMatchObject({ total: 7, copied: 0, skipped: 7, bytesCopied: 0, failed: [] });
  });

  it("reports a picture whose read-back differs as failed, and goes on with the others", async () => {
    const fresh = `${"a".repeat(32)}-64.webp`;
    await disk.put(fresh, bytesOf(fresh));
    // A store that mangles what it keeps: the verification must catch it.
    const mangling: UploadStorage = {
      ...bucket,
      head: (name) => bucket.head(name),
      put: (name, bytes) => bucket.put(name, name === fresh ? Buffer.from(bytes.toString("latin1").toUpperCase(), "latin1") : bytes),
    };
    const result = await copyUploads({ source: disk, target: mangling });
    expect(result.failed).toEqual([{ name: fresh, reason: expect.stringMatching(/read back .* differ/) as unknown as string }]);
    expect([result.skipped, result.copied]).toEqual([7, 0]);
  });

  it("runs as a command: a summary, exit 0; exit 1 with one clear line without S3_*", async () => {
    const run = (env: Record<string, string>) =>
      promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/uploads-copy.ts"], { env: { ...process.env, UPLOADS_DIR: uploadsDirectory, ...env } }).then(
        (answer) => ({ code: 0, output: answer.stdout + answer.stderr }),
        (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
      );
    const copied = await run(s3.env);
    expect(copied.output).toMatch(/8 files: 1 copied \(0\.0 MB\) and verified, 7 already there, 0 failed/);
    expect(copied.code).toBe(0);
    const refused = await run({ S3_BUCKET: "", S3_ACCESS_KEY_ID: "", S3_SECRET_ACCESS_KEY: "", S3_ENDPOINT: "", S3_FORCE_PATH_STYLE: "" });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/^No bucket to copy into: set S3_BUCKET/m);
  }, 60_000);
});
