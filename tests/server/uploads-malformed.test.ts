// Malformed multipart bodies sent to the intake-form upload: every one is a 4xx in the docs/product.md error shapes, never
// a 500, and none leaves a file or a row behind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationFiles } from '#server/db/schema.ts';
import { databaseKinds, errorShapeProblem, leakProblem, type TestApp } from '../support/server.ts';
import { filesUnder, multipart, samplePdf, startWithApplication, type Person } from '../support/applicants.ts';

const boundary = '----malformed';
const withBoundary = `multipart/form-data; boundary=${boundary}`;
const filePart = (head: string, content = '%PDF-1.4\n') => `--${boundary}\r\n${head}\r\n\r\n${content}`;
const closing = `\r\n--${boundary}--\r\n`;
const pdfHead = 'Content-Disposition: form-data; name="file"; filename="f.pdf"\r\nContent-Type: application/pdf';

/** Request bodies with their content-type, and the status each must get. */
const malformed: Record<string, { contentType: string; payload: string | Buffer; status: number }> = {
  'no boundary in the content-type': { contentType: 'multipart/form-data', payload: filePart(pdfHead) + closing, status: 400 },
  'an empty boundary': { contentType: 'multipart/form-data; boundary=', payload: filePart(pdfHead) + closing, status: 400 },
  'a truncated body (no closing boundary)': { contentType: withBoundary, payload: filePart(pdfHead, '%PDF-1.4\n'.padEnd(5000, 'x')), status: 400 },
  'a body cut inside the part headers': { contentType: withBoundary, payload: `--${boundary}\r\nContent-Disposition: form-da`, status: 400 },
  'JSON sent as multipart': { contentType: withBoundary, payload: JSON.stringify({ file: 'x' }), status: 400 },
  'an empty body': { contentType: withBoundary, payload: '', status: 400 },
  'only the closing boundary': { contentType: withBoundary, payload: `--${boundary}--\r\n`, status: 400 },
  'no file part, only a field': {
    contentType: withBoundary,
    payload: filePart('Content-Disposition: form-data; name="note"', 'hello') + closing,
    status: 400,
  },
  'a file under another field name': {
    contentType: withBoundary,
    payload: filePart('Content-Disposition: form-data; name="document"; filename="f.pdf"') + closing,
    status: 400,
  },
  'a "file" field without a filename (a text field)': {
    contentType: withBoundary,
    payload: filePart('Content-Disposition: form-data; name="file"') + closing,
    status: 400,
  },
  'a part without Content-Disposition': { contentType: withBoundary, payload: filePart('Content-Type: application/pdf') + closing, status: 400 },
  'a part header that is not a header': { contentType: withBoundary, payload: filePart('this is not a header') + closing, status: 400 },
  'a prototype field name': {
    contentType: withBoundary,
    payload: filePart('Content-Disposition: form-data; name="__proto__"; filename="f.pdf"') + closing,
    status: 400,
  },
  'too many fields before the file': {
    contentType: withBoundary,
    payload: Array.from({ length: 12 }, (_, n) => filePart(`Content-Disposition: form-data; name="f${n}"`, 'x') + '\r\n').join('') + filePart(pdfHead) + closing,
    status: 413,
  },
  'a boundary of 200 characters': {
    contentType: `multipart/form-data; boundary=${'b'.repeat(200)}`,
    payload: `--${'b'.repeat(200)}\r\n${pdfHead}\r\n\r\n%PDF-1.4\n`,
    status: 400,
  },
  'binary garbage': { contentType: withBoundary, payload: Buffer.from(Array.from({ length: 4096 }, (_, n) => (n * 7919) % 256)), status: 400 },
};

describe.each(databaseKinds)('malformed multipart uploads (%s)', (kind) => {
  let test: TestApp;
  let ana: Person;
  let id: number;
  let filesDir: string;

  beforeAll(async () => {
    ({ test, ana, id, filesDir } = await startWithApplication(kind));
  });
  afterAll(async () => {
    await test?.close();
  });

  it.each(Object.entries(malformed))('answers %s with a 4xx in the usual shapes', async (_what, { contentType, payload, status }) => {
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/applications/${id}/intake-form`,
      headers: { ...ana.headers, 'content-type': contentType, 'accept-language': 'en' },
      payload,
    });
    expect(response.statusCode, response.body).toBe(status);
    expect(errorShapeProblem(response.body)).toBeUndefined();
    expect(leakProblem(response.body)).toBeUndefined();
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(filesUnder(filesDir)).toEqual([]);
    expect(await test.app.ctx.db.select().from(applicationFiles).where(eq(applicationFiles.application_id, id))).toEqual([]);
  });

  it('says which field it wants when the file is missing or misnamed, and takes the same file named "file"', async () => {
    const misnamed = multipart(samplePdf(), 'f.pdf', 'application/pdf', 'document');
    const refused = await test.app.inject({
      method: 'POST',
      url: `/api/applications/${id}/intake-form`,
      headers: { ...ana.headers, ...misnamed.headers, 'accept-language': 'en' },
      payload: misnamed.payload,
    });
    expect(refused.json()).toEqual({ file: ['Choose a file to upload.'], code: 'invalid' });
    const named = multipart(samplePdf(), 'f.pdf', 'application/pdf', 'file');
    const stored = await test.app.inject({
      method: 'POST',
      url: `/api/applications/${id}/intake-form`,
      headers: { ...ana.headers, ...named.headers },
      payload: named.payload,
    });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(filesUnder(filesDir).filter((file) => file.endsWith('.part'))).toEqual([]);
  });
});
