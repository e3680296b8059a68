// Files in an S3-compatible bucket (AWS S3, MinIO, R2 …), so several web nodes share one store.
// Loaded only when STORAGE=s3 (lib/storage.ts): the SDK is large.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { checkKey, type FileStorage, type OpenedFile, type StoredFile } from "./storage.ts";

export interface S3Settings {
  bucket: string;
  /** For stores other than AWS; unset means AWS in `region`. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's usual credential chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor({ bucket, endpoint, region, credentials, forcePathStyle }: S3Settings) {
    this.bucket = bucket;
    this.client = new S3Client({
      endpoint,
      region,
      credentials,
      forcePathStyle,
      // The SDK's default (WHEN_SUPPORTED) sends streamed bodies in aws-chunked framing with a
      // checksum trailer, which some S3-compatible stores keep as part of the file.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async put(key: string, bytes: Buffer | Uint8Array, contentType: string): Promise<void> {
    checkKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }),
    );
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    checkKey(key);
    // A stream body needs its length up front: the SDK does not buffer it to find out.
    const { size } = await stat(filePath);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(filePath),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    const object = await this.getObject(key);
    if (!object?.Body) return null;
    return {
      body: Buffer.from(await object.Body.transformToByteArray()),
      contentType: object.ContentType || "application/octet-stream",
    };
  }

  async open(key: string): Promise<OpenedFile | null> {
    const object = await this.getObject(key);
    if (!object?.Body) return null;
    return {
      stream: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
      contentType: object.ContentType || "application/octet-stream",
      size: object.ContentLength ?? 0,
    };
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    // S3 answers a delete of a missing key with success, as the interface wants.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  private async getObject(key: string) {
    checkKey(key);
    try {
      return await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }
}
