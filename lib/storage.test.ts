import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { loadConfig } from "./config.ts";
import { isValidKey, LocalDiskStorage, type FileStorage } from "./storage.ts";
import { S3Storage } from "./storage-s3.ts";

let dir: string;
let store: LocalDiskStorage;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hirewise-storage-"));
  store = new LocalDiskStorage(path.join(dir, "files"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("LocalDiskStorage", () => {
  it("stores bytes with their content type, replaces them, and deletes them", async () => {
    await store.put("logos/a-1.webp", Buffer.from("first"), "image/webp");
    await expect(store.get("logos/a-1.webp")).resolves.toEqual({
      body: Buffer.from("first"),
      contentType: "image/webp",
    });

    await store.put("logos/a-1.webp", new Uint8Array([1, 2, 3]), "image/png");
    await expect(store.get("logos/a-1.webp")).resolves.toEqual({
      body: Buffer.from([1, 2, 3]),
      contentType: "image/png",
    });

    await store.delete("logos/a-1.webp");
    await expect(store.get("logos/a-1.webp")).resolves.toBeNull();
    // Deleting again is not an error.
    await expect(store.delete("logos/a-1.webp")).resolves.toBeUndefined();
  });

  it("answers null for a key never stored", async () => {
    await expect(store.get("logos/nothing.webp")).resolves.toBeNull();
  });

  it("leaves no temporary files behind", async () => {
    await store.put("x/y.txt", Buffer.from("y"), "text/plain");
    await expect(readdir(path.join(dir, "files", ".tmp"))).resolves.toEqual([]);
  });

  it("refuses keys that could leave its directory or are not plain", async () => {
    // A file beside the storage directory that a traversal would reach.
    await writeFile(path.join(dir, "secret.txt"), "secret");
    const bad = [
      "../secret.txt",
      "logos/../../secret.txt",
      "..",
      "/etc/passwd",
      "logos//a.webp",
      "logos/",
      "",
      ".meta/logos/a-1.webp",
      "logos/.hidden",
      "Logos/A.webp",
      "logos\\..\\secret.txt",
      "logos/a b.webp",
      "logos/%2e%2e/secret.txt",
      "logos/a.webp\0",
      "a".repeat(301),
    ];
    for (const key of bad) {
      expect(isValidKey(key), key).toBe(false);
      await expect(store.get(key), key).rejects.toThrow("Invalid storage key");
      await expect(store.put(key, Buffer.from("x"), "text/plain"), key).rejects.toThrow("Invalid storage key");
      await expect(store.delete(key), key).rejects.toThrow("Invalid storage key");
    }
    expect(isValidKey("logos/0b7c-2f.webp")).toBe(true);
    expect(isValidKey("a/b_c/d.e-f")).toBe(true);
  });
});

// The contract every backend keeps, run against the local disk and against an S3-compatible
// server (s3rver) started here on 127.0.0.1.
const backends: [string, () => Promise<{ store: FileStorage; stop: () => Promise<void> }>][] = [
  [
    "LocalDiskStorage",
    async () => {
      const root = await mkdtemp(path.join(tmpdir(), "hirewise-local-"));
      return { store: new LocalDiskStorage(root), stop: () => rm(root, { recursive: true, force: true }) };
    },
  ],
  [
    "S3Storage",
    async () => {
      const root = await mkdtemp(path.join(tmpdir(), "hirewise-s3-"));
      const server = new S3rver({
        port: 0,
        address: "127.0.0.1",
        silent: true,
        directory: root,
        configureBuckets: [{ name: "hirewise-files", configs: [] }],
      });
      const { port } = await server.run();
      const store = new S3Storage({
        bucket: "hirewise-files",
        endpoint: `http://127.0.0.1:${port}`,
        region: "us-east-1",
        credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
        forcePathStyle: true,
      });
      return {
        store,
        stop: async () => {
          await server.close();
          await rm(root, { recursive: true, force: true });
        },
      };
    },
  ],
];

describe.each(backends)("%s", (_name, start) => {
  let store: FileStorage;
  let stop: () => Promise<void>;
  let files: string;
  beforeAll(async () => {
    ({ store, stop } = await start());
    files = await mkdtemp(path.join(tmpdir(), "hirewise-put-"));
  });
  afterAll(async () => {
    await stop();
    await rm(files, { recursive: true, force: true });
  });

  const readAll = async (stream: ReadableStream<Uint8Array>) => Buffer.from(await new Response(stream).arrayBuffer());

  it("stores bytes with their content type, replaces them, and deletes them", async () => {
    await store.put("logos/a-1.webp", Buffer.from("first"), "image/webp");
    await expect(store.get("logos/a-1.webp")).resolves.toEqual({
      body: Buffer.from("first"),
      contentType: "image/webp",
    });
    await store.put("logos/a-1.webp", new Uint8Array([1, 2, 3]), "image/png");
    await expect(store.get("logos/a-1.webp")).resolves.toEqual({
      body: Buffer.from([1, 2, 3]),
      contentType: "image/png",
    });
    await store.delete("logos/a-1.webp");
    await expect(store.get("logos/a-1.webp")).resolves.toBeNull();
    await expect(store.delete("logos/a-1.webp")).resolves.toBeUndefined();
  });

  it("stores a file from disk and streams it back byte for byte", async () => {
    // Over 5 MB: a streamed body in aws-chunked framing would come back larger (the checksum trap).
    const bytes = randomBytes(6 * 1024 * 1024 + 7);
    const source = path.join(files, "upload.pdf");
    await writeFile(source, bytes);
    await store.putFile("resumes/c1/j1-1700000000000.pdf", source, "application/pdf");
    // The source stays where it was: the caller removes its own temporary file.
    await expect(readdir(files)).resolves.toEqual(["upload.pdf"]);

    const opened = await store.open("resumes/c1/j1-1700000000000.pdf");
    expect(opened).toMatchObject({ contentType: "application/pdf", size: bytes.length });
    expect((await readAll(opened!.stream)).equals(bytes)).toBe(true);
    expect((await store.get("resumes/c1/j1-1700000000000.pdf"))?.body.equals(bytes)).toBe(true);
  });

  it("answers null for a key never stored", async () => {
    await expect(store.get("resumes/nothing.pdf")).resolves.toBeNull();
    await expect(store.open("resumes/nothing.pdf")).resolves.toBeNull();
  });

  it("refuses keys that are not plain", async () => {
    for (const key of ["../secret.txt", "/etc/passwd", "Resumes/A.pdf", ".meta/x"]) {
      await expect(store.put(key, Buffer.from("x"), "text/plain"), key).rejects.toThrow("Invalid storage key");
      await expect(store.putFile(key, path.join(files, "upload.pdf"), "text/plain"), key).rejects.toThrow(
        "Invalid storage key",
      );
      await expect(store.get(key), key).rejects.toThrow("Invalid storage key");
      await expect(store.open(key), key).rejects.toThrow("Invalid storage key");
      await expect(store.delete(key), key).rejects.toThrow("Invalid storage key");
    }
  });
});

describe("storage configuration", () => {
  const env = (vars: Record<string, string>) => vars as NodeJS.ProcessEnv;
  it("is the local disk unless STORAGE=s3, which needs a bucket", () => {
    expect(loadConfig(env({})).storage).toEqual({ backend: "local" });
    expect(() => loadConfig(env({ STORAGE: "s3" }))).toThrow("Invalid environment: STORAGE=s3 needs S3_BUCKET");
    expect(() => loadConfig(env({ STORAGE: "s3", S3_BUCKET: "b", S3_ACCESS_KEY_ID: "id" }))).toThrow(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
    );
    expect(loadConfig(env({ STORAGE: "s3", S3_BUCKET: "files" })).storage).toEqual({
      backend: "s3",
      s3: { bucket: "files", endpoint: undefined, region: "us-east-1", credentials: undefined, forcePathStyle: false },
    });
    expect(
      loadConfig(
        env({
          STORAGE: "s3",
          S3_BUCKET: "files",
          S3_ENDPOINT: "http://127.0.0.1:9000",
          S3_REGION: "eu-west-1",
          S3_ACCESS_KEY_ID: "id",
          S3_SECRET_ACCESS_KEY: "key",
        }),
      ).storage,
    ).toEqual({
      backend: "s3",
      s3: {
        bucket: "files",
        endpoint: "http://127.0.0.1:9000",
        region: "eu-west-1",
        credentials: { accessKeyId: "id", secretAccessKey: "key" },
        forcePathStyle: true,
      },
    });
  });
});
