// A real S3-compatible server for the tests (s3rver, docs/stack.md), on loopback with one bucket, and a client to look
// inside it: the portal's files are checked where they really are, not through the portal.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
// @ts-expect-error -- s3rver ships no types; it is used only here, as below.
import S3rver from 's3rver';

export interface TestObjectStorage {
  /** STORAGE_URL for the app. */
  url: string;
  /** The keys in the bucket now. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}

export async function startObjectStorage(): Promise<TestObjectStorage> {
  const directory = mkdtempSync(join(tmpdir(), 'portal-s3-'));
  const bucket = 'portal-files';
  const server = new (S3rver as new (options: Record<string, unknown>) => S3rverInstance)({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const client = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    url: `http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}`,
    keys: async () => ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((object) => object.Key ?? '').sort(),
    close: async () => {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
