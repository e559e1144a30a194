/**
 * `npm run uploads:copy` (scripts/uploads-copy.ts;
 * docs/operations.md, "Pictures in an object store"): every picture of one store copied into another (the local disk into the bucket), each
 * object read back and compared, resumable: an object already there with the same size and SHA-256
 * is left as it is.
 */
import { buffer as streamToBuffer } from "node:stream/consumers";
import { sha256Of, type UploadStorage } from "../../app/features/uploads/storage.server";

export type UploadsCopyProgress = { done: number; total: number; name: string; outcome: "copied" | "skipped" | "failed" };
export type UploadsCopyResult = { total: number; copied: number; skipped: number; bytesCopied: number; failed: Array<{ name: string; reason: string }>; durationMs: number };

/** Pictures handled at once: a few requests in flight hide the store's latency without flooding it. */
const PARALLEL = 4;

async function bytesOf(storage: UploadStorage, name: string): Promise<Buffer | null> {
  const file = await storage.get(name);
  return file ? streamToBuffer(file.body) : null;
}

/** Copies every file of `source` into `target` (see the top of this file); never throws for one file. */
export async function copyUploads({
  source,
  target,
  onProgress,
}: {
  source: UploadStorage;
  target: UploadStorage;
  onProgress?: (progress: UploadsCopyProgress) => void;
}): Promise<UploadsCopyResult> {
  const started = Date.now();
  const files: Array<{ name: string; size: number }> = [];
  for await (const file of source.list()) files.push(file);
  const result: UploadsCopyResult = { total: files.length, copied: 0, skipped: 0, bytesCopied: 0, failed: [], durationMs: 0 };
  let done = 0;

  async function copyOne(name: string): Promise<UploadsCopyProgress["outcome"]> {
    const bytes = await bytesOf(source, name);
    if (!bytes) throw new Error("it disappeared from the source during the copy");
    const hash = sha256Of(bytes);
    const there = await target.head(name);
    if (there && there.size === bytes.length) {
      // Resuming: the same size and the same hash (kept beside the object, else read back) is the same picture.
      if (there.sha256 === hash) return "skipped";
      if (there.sha256 === undefined && sha256Of((await bytesOf(target, name)) ?? Buffer.alloc(0)) === hash) return "skipped";
    }
    await target.put(name, bytes);
    const readBack = await bytesOf(target, name);
    if (!readBack) throw new Error("not found in the target right after it was written");
    if (readBack.length !== bytes.length || sha256Of(readBack) !== hash) {
      throw new Error(`read back ${readBack.length} bytes that differ from the ${bytes.length} written`);
    }
    result.bytesCopied += bytes.length;
    return "copied";
  }

  let next = 0;
  async function worker() {
    while (next < files.length) {
      const { name } = files[next];
      next += 1;
      let outcome: UploadsCopyProgress["outcome"];
      try {
        outcome = await copyOne(name);
      } catch (error) {
        outcome = "failed";
        result.failed.push({ name, reason: error instanceof Error ? error.message : String(error) });
      }
      if (outcome === "copied") result.copied += 1;
      if (outcome === "skipped") result.skipped += 1;
      done += 1;
      onProgress?.({ done, total: files.length, name, outcome });
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  result.durationMs = Date.now() - started;
  return result;
}
