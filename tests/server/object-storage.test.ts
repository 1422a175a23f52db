// Uploaded files in S3-compatible object storage (STORAGE_URL; docs/decisions/026-several-servers.md), against a real
// S3-compatible server on loopback: documents, the intake form and drive files land in the bucket and nowhere on
// disk, read back byte for byte (a 12 MB file goes up in several parts), and leave the bucket when deleted.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProgram, filesUnder, multipart, samplePdf, signUp, upload, uploadDocument, type Person } from '../support/applicants.ts';
import { startObjectStorage, type TestObjectStorage } from '../support/object-storage.ts';
import { startTestApp, type TestApp } from '../support/server.ts';

describe('uploaded files in object storage', () => {
  let storage: TestObjectStorage;
  let test: TestApp;
  let ana: Person;
  let id: number;
  let programId: number;

  beforeAll(async () => {
    storage = await startObjectStorage();
    test = await startTestApp('pglite', { env: { STORAGE_URL: storage.url } });
    ana = await signUp(test);
    const program = await createProgram(test);
    programId = program.id;
    id = ((await test.call('POST', '/applications', { program_id: program.id }, ana.headers)).json() as { id: number }).id;
  });
  afterAll(async () => {
    await test?.close();
    await storage?.close();
  });

  it('stores a document in the bucket, not on disk, reads it back whole, and deletes it from the bucket', async () => {
    const content = samplePdf(12 * 1024 * 1024);
    const stored = await uploadDocument(test, ana, id, 'income_document', content);
    expect(stored.statusCode, stored.body).toBe(201);
    const fileId = (stored.json() as { id: number }).id;
    const keys = await storage.keys();
    expect(keys).toHaveLength(1);
    expect(filesUnder(join(test.app.ctx.config.dataDir, 'files'))).toEqual([]);

    const download = await test.call('GET', `/applications/${id}/files/${fileId}`, undefined, ana.headers);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);

    expect((await test.call('DELETE', `/applications/${id}/files/${fileId}`, undefined, ana.headers)).statusCode).toBe(204);
    expect(await storage.keys()).toEqual([]);
    expect((await test.call('GET', `/applications/${id}/files/${fileId}`, undefined, ana.headers)).statusCode).toBe(404);
  });

  it('keeps the intake form and a drive file there too, and a replaced form leaves only the new one', async () => {
    expect((await upload(test, ana, id, samplePdf(3000))).statusCode).toBe(200);
    const first = await storage.keys();
    const second = samplePdf(4000);
    expect((await upload(test, ana, id, second)).statusCode).toBe(200);
    const afterReplace = await storage.keys();
    expect(afterReplace).toHaveLength(1);
    expect(afterReplace).not.toEqual(first);
    const form = await test.call('GET', `/applications/${id}/intake-form`, undefined, ana.headers);
    expect(form.rawPayload.equals(second)).toBe(true);

    const note = multipart(Buffer.from('Notas del taller'), 'notas.txt', 'text/plain');
    const driveFile = await test.app.inject({
      method: 'POST',
      url: `/api/programs/${programId}/drive/files?space=personal`,
      headers: { ...ana.headers, ...note.headers },
      payload: note.payload,
    });
    expect(driveFile.statusCode, driveFile.body).toBe(201);
    expect(await storage.keys()).toHaveLength(2);
    const nodeId = (driveFile.json() as { id: number }).id;
    const read = await test.call('GET', `/programs/${programId}/drive/nodes/${nodeId}/content`, undefined, ana.headers);
    expect(read.body).toBe('Notas del taller');
    expect(filesUnder(join(test.app.ctx.config.dataDir, 'files'))).toEqual([]);
  });

  it('refuses a STORAGE_URL without a bucket or credentials, with one clear line', async () => {
    const { loadConfig, ConfigError } = await import('#server/config.ts');
    const load = (url: string) => () => loadConfig({ DATA_DIR: test.app.ctx.config.dataDir, STORAGE_URL: url });
    expect(load('http://key:secret@127.0.0.1:9000/')).toThrow(ConfigError);
    expect(load('http://127.0.0.1:9000/bucket')).toThrow(/access key and secret/);
    expect(load('ftp://k:s@host/bucket')).toThrow(/http:\/\/ or https:\/\//);
  });
});
