/**
 * Where uploaded pictures live (docs/decisions/0073-upload-storage.md, 0108): one interface, two
 * implementations. The local disk under UPLOADS_DIR (default `data/uploads/`, beside the
 * database) unless S3_* name an S3-compatible bucket (`s3-storage.server.ts`). Every file the app
 * touches (uploads, their sizes, avatars, serving, removing) goes through `getUploadStorage()`.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { access, constants, mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { getEnv, type ObjectStoreConfig } from "~/utils/env.server";
import { isUploadFileName } from "~/utils/upload-urls";
import { createS3Storage } from "./s3-storage.server";

/** What a store knows of one file without reading it. */
export type StoredFileInfo = {
  size: number;
  /** The SHA-256 (hex) of its bytes when the store keeps it (the bucket: written with every object), else undefined. */
  sha256?: string;
};

export type UploadStorage = {
  /** Where the files are, for messages: the folder, or s3://bucket. */
  readonly location: string;
  /** Stores a file under its name (content-addressed: writing the same name again is harmless). */
  put(name: string, bytes: Buffer): Promise<void>;
  /** The file's bytes as a stream and its size, or null when there is no such file. */
  get(name: string): Promise<{ body: Readable; size: number } | null>;
  /** The file's size (and hash when known), or null when there is no such file. */
  head(name: string): Promise<StoredFileInfo | null>;
  /** Removes the file; a missing file is not an error. */
  delete(name: string): Promise<void>;
  /** Every stored file's name and size, in no particular order. */
  list(): AsyncIterable<{ name: string; size: number }>;
  /** Resolves when the store can be read and written now; rejects with the reason otherwise (/healthz). */
  check(): Promise<void>;
};

/** The SHA-256 of some bytes, hex (what the bucket keeps beside each object, and what `uploads:copy` verifies). */
export function sha256Of(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Files on the local disk, spread over 256 folders by the first two characters of their name. */
export function createLocalDiskStorage(root: string): UploadStorage {
  const pathOf = (name: string) => {
    if (!isUploadFileName(name)) throw new Error(`Not an upload file name: ${name}`);
    return path.join(root, name.slice(0, 2), name);
  };
  const statOf = async (name: string) => {
    if (!isUploadFileName(name)) return null;
    try {
      const found = await stat(pathOf(name));
      return found.isFile() ? found : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  };
  return {
    location: root,
    async put(name, bytes) {
      const target = pathOf(name);
      if (await statOf(name)) return;
      await mkdir(path.dirname(target), { recursive: true });
      // Write beside it, then rename: a reader never sees half a file.
      const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    },
    async get(name) {
      const found = await statOf(name);
      return found ? { body: createReadStream(pathOf(name)), size: found.size } : null;
    },
    async head(name) {
      const found = await statOf(name);
      return found ? { size: found.size } : null;
    },
    async delete(name) {
      await rm(pathOf(name), { force: true });
    },
    async *list() {
      let folders: string[];
      try {
        folders = (await readdir(root)).sort();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
        throw error;
      }
      for (const folder of folders) {
        const entries = await readdir(path.join(root, folder)).catch(() => [] as string[]);
        for (const name of entries.sort()) {
          if (!isUploadFileName(name)) continue; // a .tmp file being written, anything else
          const found = await statOf(name);
          if (found) yield { name, size: found.size };
        }
      }
    },
    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.R_OK | constants.W_OK);
    },
  };
}

let storage: UploadStorage | undefined;
let storageKey: { root: string; objectStore: ObjectStoreConfig | null } | undefined;

/** The storage of this process: the bucket S3_* name, else the local disk at UPLOADS_DIR. */
export function getUploadStorage(): UploadStorage {
  const { UPLOADS_DIR: root, objectStore } = getEnv();
  if (!storage || storageKey?.root !== root || storageKey.objectStore !== objectStore) {
    storage = objectStore ? createS3Storage(objectStore) : createLocalDiskStorage(root);
    storageKey = { root, objectStore };
  }
  return storage;
}

const HEALTH_TIMEOUT_MS = 3_000;

/** Whether the picture store answers now (/healthz): a bucket that does not answer within 3 s is an error. */
export async function storageIsHealthy(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      getUploadStorage().check(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error("the picture store did not answer in time")), HEALTH_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
