// Uploaded files in S3-compatible object storage (STORAGE_URL; docs/decisions/026-several-servers.md), so servers on
// different machines share them. An upload still streams to a local temp file first (checked, hashed, inspected);
// committing it streams that file to the bucket as a multipart upload, and reads stream from the bucket.
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from './storage-url.ts';

export interface ObjectStore {
  /** Streams the file at `path` to `key`; resolves once the object is stored whole. */
  put(key: string, path: string): Promise<void>;
  /** A stream of the object, or undefined when there is none. */
  get(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  delete(key: string): Promise<void>;
  /** Whether the bucket answers (readiness: docs/operations.md). */
  reachable(): Promise<boolean>;
}

export class S3ObjectStore implements ObjectStore {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.pathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    });
  }

  async put(key: string, path: string): Promise<void> {
    // lib-storage's Upload sends 5 MB parts as the file is read, never the whole file in memory.
    await new Upload({ client: this.client, params: { Bucket: this.settings.bucket, Key: key, Body: createReadStream(path) } }).done();
  }

  async get(key: string): Promise<{ stream: Readable; size: number } | undefined> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      if (!answer.Body) return undefined;
      return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async reachable(): Promise<boolean> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
      return true;
    } catch {
      return false;
    }
  }

  close(): void {
    this.client.destroy();
  }
}
