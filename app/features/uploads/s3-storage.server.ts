/**
 * Pictures in an S3-compatible bucket (AWS S3, Cloudflare R2, Backblaze B2, MinIO) through the
 * official `@aws-sdk/client-s3` (docs/decisions/0108-pictures-in-an-object-store.md). The object's
 * key is the upload's file name (no folders: a bucket does not need them); every object carries
 * the SHA-256 of its bytes as metadata (`x-amz-meta-sha256`), which `npm run uploads:copy` compares.
 * The SDK is loaded by the first call, so a box on its local disk never pays for it.
 */
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import type * as S3Sdk from "@aws-sdk/client-s3";
import type { ObjectStoreConfig } from "~/utils/env.server";
import { isUploadFileName } from "~/utils/upload-urls";
import type { UploadStorage } from "./storage.server";

type Sdk = typeof S3Sdk;

/** The SDK's answer for an object (or bucket) that is not there. */
function isNotFound(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return failure?.name === "NotFound" || failure?.name === "NoSuchKey" || failure?.$metadata?.httpStatusCode === 404;
}

/** `listPageSize`: keys per listing request (S3's most, 1000, unless a test wants several pages). */
export function createS3Storage(config: ObjectStoreConfig, { listPageSize = 1000 }: { listPageSize?: number } = {}): UploadStorage {
  let connection: Promise<{ sdk: Sdk; client: S3Sdk.S3Client }> | undefined;
  const connect = () => {
    connection ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        // Checksums only where S3 requires them: several S3-compatible stores refuse or mangle the
        // SDK's newer default (a CRC32 trailer on every PUT). Integrity is ours: x-amz-meta-sha256.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        // A store that stops answering fails the request (a 503 for that picture) instead of holding it.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
      }),
    }));
    return connection;
  };
  const Bucket = config.bucket;
  const keyOf = (name: string) => {
    if (!isUploadFileName(name)) throw new Error(`Not an upload file name: ${name}`);
    return name;
  };

  return {
    location: `s3://${Bucket}`,
    async put(name, bytes) {
      const { sdk, client } = await connect();
      // Content-addressed: writing the same name again stores the same bytes, so no HEAD first.
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: keyOf(name),
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: "image/webp",
          CacheControl: "public, max-age=31536000, immutable",
          Metadata: { sha256: createHash("sha256").update(bytes).digest("hex") },
        }),
      );
    },
    async get(name) {
      if (!isUploadFileName(name)) return null;
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: name }));
        if (!answer.Body) return null;
        // In Node the body is the HTTP response itself, a Readable.
        return { body: answer.Body as Readable, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async head(name) {
      if (!isUploadFileName(name)) return null;
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: name }));
        return { size: answer.ContentLength ?? 0, sha256: answer.Metadata?.sha256 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(name) {
      const { sdk, client } = await connect();
      // S3 answers 204 for a key that is not there.
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: keyOf(name) }));
    },
    async *list() {
      const { sdk, client } = await connect();
      // ListObjects (v1) paged by Marker = the last key: every S3-compatible store has it, and
      // s3rver's v2 continuation tokens need a cipher Node no longer ships (decision 0108).
      let marker: string | undefined;
      for (;;) {
        const page = await client.send(new sdk.ListObjectsCommand({ Bucket, Marker: marker, MaxKeys: listPageSize }));
        const contents = page.Contents ?? [];
        for (const object of contents) {
          if (object.Key && isUploadFileName(object.Key)) yield { name: object.Key, size: object.Size ?? 0 };
        }
        if (!page.IsTruncated || contents.length === 0) return;
        marker = page.NextMarker ?? contents[contents.length - 1].Key;
      }
    },
    async check() {
      const { sdk, client } = await connect();
      await client.send(new sdk.HeadBucketCommand({ Bucket }));
    },
  };
}
