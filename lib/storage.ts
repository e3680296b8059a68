// File storage: bytes under a key, with their content type. Callers see only the FileStorage
// interface, so an object store (S3) can replace the local disk without touching them.
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { config } from "./config.ts";

export interface StoredFile {
  body: Buffer;
  contentType: string;
}

export interface FileStorage {
  /** Stores `bytes` under `key`, replacing whatever was there. */
  put(key: string, bytes: Buffer | Uint8Array, contentType: string): Promise<void>;
  /** The file under `key`, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file under `key`; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

// Lower-case segments of [a-z0-9_.-] joined by "/". A segment may not start with a dot, which
// rules out "..", "." and hidden names (the local disk keeps its own bookkeeping under ".meta").
const KEY = /^[a-z0-9_-][a-z0-9_.-]*(\/[a-z0-9_-][a-z0-9_.-]*)*$/;
const MAX_KEY_LENGTH = 300;

/** True for a key every backend accepts: no path traversal, no leading "/", no odd characters. */
export function isValidKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY.test(key);
}

function checkKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/**
 * Files on the local disk under `root`: the bytes at `root/<key>`, the content type in
 * `root/.meta/<key>`. Writes go to a temporary file first and are renamed into place, so a
 * reader never sees half a file.
 */
export class LocalDiskStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async put(key: string, bytes: Buffer | Uint8Array, contentType: string): Promise<void> {
    checkKey(key);
    const tmp = path.join(this.root, ".tmp");
    await mkdir(tmp, { recursive: true });
    await Promise.all([mkdir(path.dirname(this.file(key)), { recursive: true }), mkdir(path.dirname(this.meta(key)), { recursive: true })]);
    // The type goes in first: a body without its type would be served as octet-stream.
    await this.atomicWrite(tmp, this.meta(key), contentType);
    await this.atomicWrite(tmp, this.file(key), bytes);
  }

  async get(key: string): Promise<StoredFile | null> {
    checkKey(key);
    try {
      const [body, contentType] = await Promise.all([readFile(this.file(key)), readFile(this.meta(key), "utf8")]);
      return { body, contentType: contentType.trim() || "application/octet-stream" };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    await rm(this.file(key), { force: true });
    await rm(this.meta(key), { force: true });
  }

  private file(key: string): string {
    return path.join(this.root, key);
  }

  private meta(key: string): string {
    return path.join(this.root, ".meta", key);
  }

  private async atomicWrite(tmpDir: string, target: string, data: string | Uint8Array): Promise<void> {
    const tmp = path.join(tmpDir, randomUUID());
    try {
      await writeFile(tmp, data);
      await rename(tmp, target);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }
}

let current: FileStorage | undefined;

/** The process's file storage: the local disk under DATA_DIR/files. */
export function storage(): FileStorage {
  current ??= new LocalDiskStorage(path.join(config().dataDir, "files"));
  return current;
}

/** Tests only: use `backend` instead, or pass undefined to return to the configured one. */
export function setStorage(backend: FileStorage | undefined): void {
  current = backend;
}
