/**
 * Where uploaded pictures live (docs/decisions/0073-upload-storage.md): a small interface with
 * one implementation, the local disk under UPLOADS_DIR (default `data/uploads/`, beside the
 * database). An object store can implement the same four calls when a community outgrows one box.
 */
import { createReadStream, existsSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { getEnv } from "~/utils/env.server";
import { isUploadFileName, uploadFileUrl } from "~/utils/upload-urls";

export type UploadStorage = {
  /** Stores a file under its name (content-addressed: writing the same name again is harmless). */
  put(name: string, bytes: Buffer): Promise<void>;
  /** The file's bytes as a stream, or null when there is no such file. */
  get(name: string): Readable | null;
  /** The URL browsers load the file from. */
  url(name: string): string;
  /** Removes the file; a missing file is not an error. */
  delete(name: string): Promise<void>;
};

/** Files on the local disk, spread over 256 folders by the first two characters of their name. */
export function createLocalDiskStorage(root: string): UploadStorage {
  const pathOf = (name: string) => {
    if (!isUploadFileName(name)) throw new Error(`Not an upload file name: ${name}`);
    return path.join(root, name.slice(0, 2), name);
  };
  return {
    async put(name, bytes) {
      const target = pathOf(name);
      if (existsSync(target)) return;
      await mkdir(path.dirname(target), { recursive: true });
      // Write beside it, then rename: a reader never sees half a file.
      const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    },
    get(name) {
      if (!isUploadFileName(name)) return null;
      const target = pathOf(name);
      return existsSync(target) ? createReadStream(target) : null;
    },
    url: uploadFileUrl,
    async delete(name) {
      await rm(pathOf(name), { force: true });
    },
  };
}

let storage: UploadStorage | undefined;
let storageRoot: string | undefined;

/** The storage of this process (the local disk at UPLOADS_DIR). */
export function getUploadStorage(): UploadStorage {
  const root = getEnv().UPLOADS_DIR;
  if (!storage || storageRoot !== root) {
    storage = createLocalDiskStorage(root);
    storageRoot = root;
  }
  return storage;
}
