/**
 * A real S3 protocol server for tests (docs/decisions/0108-pictures-in-an-object-store.md):
 * `startS3rver()` runs the `s3rver` package in this process on 127.0.0.1 and a free port, its
 * objects in a temp folder, with one empty bucket, and answers what the app needs to use it: the
 * `ObjectStoreConfig` (for `getEnv().objectStore`) and the S3_* variables (for a server process).
 * s3rver checks SigV4 signatures against its fixed key pair, S3RVER / S3RVER.
 *
 * One s3rver quirk is mended here: it answers a PUT before its file is written (its filesystem
 * store resolves when the bytes are handed to a write stream that opens the file later), so a
 * DELETE right after could run first and the object come back. Real stores have read-after-write
 * consistency; `putObject` here waits until the object's file holds all its bytes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { ObjectStoreConfig } from "~/utils/env.server";

export type TestS3Server = {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the bucket's objects (files of its own layout). */
  directory: string;
  config: ObjectStoreConfig;
  /** S3_* for a server or script process. */
  env: Record<string, string>;
  /** Whether the bucket holds this key now (asked over S3, as any client would). */
  hasObject(key: string): Promise<boolean>;
  stop(): Promise<void>;
};

export async function startS3rver({ bucket = "quads-test" }: { bucket?: string } = {}): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), "quads-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  waitForWrittenObjects(server);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config: ObjectStoreConfig = { bucket, endpoint, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER", forcePathStyle: true };
  return {
    endpoint,
    bucket,
    directory,
    config,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: config.region,
      S3_ACCESS_KEY_ID: config.accessKeyId,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    async hasObject(key) {
      const client = new S3Client({ endpoint, region: config.region, forcePathStyle: true, credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } });
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
        throw error;
      } finally {
        client.destroy();
      }
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

type FilesystemStore = {
  putObject(object: { bucket: string; key: string }): Promise<{ size: number; md5: string }>;
  getResourcePath(bucket: string, key: string, resource: string): string;
};

function waitForWrittenObjects(server: S3rver): void {
  const store = (server as unknown as { store: FilesystemStore }).store;
  const putObject = store.putObject.bind(store);
  store.putObject = async (object) => {
    const result = await putObject(object);
    const file = store.getResourcePath(object.bucket, object.key, "object");
    for (let attempt = 0; attempt < 400; attempt += 1) {
      const written = await stat(file).catch(() => undefined);
      if (written && written.size === result.size) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return result;
  };
}
