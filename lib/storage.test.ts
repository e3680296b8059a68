import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { isValidKey, LocalDiskStorage } from "./storage.ts";

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
    await expect(store.get("logos/a-1.webp")).resolves.toEqual({ body: Buffer.from("first"), contentType: "image/webp" });

    await store.put("logos/a-1.webp", new Uint8Array([1, 2, 3]), "image/png");
    await expect(store.get("logos/a-1.webp")).resolves.toEqual({ body: Buffer.from([1, 2, 3]), contentType: "image/png" });

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
