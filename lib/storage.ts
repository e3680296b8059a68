// File storage: bytes under a key, with their content type. Callers see only the FileStorage
// interface: the local disk (default) or an S3-compatible bucket (lib/storage-s3.ts), chosen by
// STORAGE in the configuration.
import { randomUUID } from "node:crypto";
import { copyFile, mkdir, open, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { config } from "./config.ts";

export interface StoredFile {
  body: Buffer;
  contentType: string;
}

/** A stored file read as it is sent, for large files (resumes) that should not sit in memory. */
export interface OpenedFile {
  stream: ReadableStream<Uint8Array>;
  contentType: string;
  size: number;
}

export interface FileStorage {
  /** Stores `bytes` under `key`, replacing whatever was there. */
  put(key: string, bytes: Buffer | Uint8Array, contentType: string): Promise<void>;
  /** Stores the file at `filePath` under `key`, streamed; the file itself is left in place. */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** The file under `key`, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** The file under `key` as a stream, or null when there is none. The caller must read or cancel it. */
  open(key: string): Promise<OpenedFile | null>;
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

export function checkKey(key: string): void {
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
    await this.store(key, contentType, (tmp) => writeFile(tmp, bytes));
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    await this.store(key, contentType, (tmp) => copyFile(filePath, tmp));
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

  async open(key: string): Promise<OpenedFile | null> {
    checkKey(key);
    // Opened before anything else, so a delete in between cannot leave a size without a body.
    const handle = await open(this.file(key), "r").catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (!handle) return null;
    try {
      const [{ size }, contentType] = await Promise.all([handle.stat(), readFile(this.meta(key), "utf8")]);
      const stream = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
      return { stream, contentType: contentType.trim() || "application/octet-stream", size };
    } catch (error) {
      await handle.close();
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

  private async store(key: string, contentType: string, writeBody: (tmp: string) => Promise<void>): Promise<void> {
    checkKey(key);
    const tmp = path.join(this.root, ".tmp");
    await mkdir(tmp, { recursive: true });
    await Promise.all([
      mkdir(path.dirname(this.file(key)), { recursive: true }),
      mkdir(path.dirname(this.meta(key)), { recursive: true }),
    ]);
    // The type goes in first: a body without its type would be served as octet-stream.
    await this.atomicWrite(tmp, this.meta(key), (file) => writeFile(file, contentType));
    await this.atomicWrite(tmp, this.file(key), writeBody);
  }

  private async atomicWrite(tmpDir: string, target: string, write: (tmp: string) => Promise<void>): Promise<void> {
    const tmp = path.join(tmpDir, randomUUID());
    try {
      await write(tmp);
      await rename(tmp, target);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }
}

let current: FileStorage | undefined;

/** The process's file storage: the local disk under DATA_DIR/files, or the S3 bucket configured. */
export function storage(): FileStorage {
  if (!current) {
    const settings = config().storage;
    current =
      settings.backend === "s3"
        ? loadedOnFirstUse(async () => new (await import("./storage-s3.ts")).S3Storage(settings.s3))
        : new LocalDiskStorage(path.join(config().dataDir, "files"));
  }
  return current;
}

/** Loads a backend on its first call: the AWS SDK costs about 30 MB, so only processes that use it load it. */
function loadedOnFirstUse(load: () => Promise<FileStorage>): FileStorage {
  let backend: Promise<FileStorage> | undefined;
  const ready = () => (backend ??= load());
  return {
    put: async (...args) => (await ready()).put(...args),
    putFile: async (...args) => (await ready()).putFile(...args),
    get: async (...args) => (await ready()).get(...args),
    open: async (...args) => (await ready()).open(...args),
    delete: async (...args) => (await ready()).delete(...args),
  };
}

/** Tests only: use `backend` instead, or pass undefined to return to the configured one. */
export function setStorage(backend: FileStorage | undefined): void {
  current = backend;
}
