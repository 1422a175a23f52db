// The intake-form upload: a file over 20MB or not a PDF is refused before a byte is sent (with docs/product.md's message
// chosen by the view from the code); otherwise it uploads with progress and tells step 6 it changed.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { checkPickedFile, uploadMachine } from '#machines/upload/upload.machine';
import { MAX_UPLOAD_BYTES } from '#shared/application-constants';
import {
  selectPickedFile,
  selectStoredFile,
  selectUploadError,
  selectUploadPercent,
  selectUploadRemedy,
  selectUploadStatus,
} from '#machines/upload/upload.selectors';
import type { PickedFile, StoredFile, UploadEvent, UploadFileInput } from '#machines/upload/upload.types';
import { SERVER_ANSWERS } from '../support/server-answers';

const pdf = (size: number, name = 'intake.pdf', type = 'application/pdf'): PickedFile => ({ name, size, type, body: new Blob([]) });
const stored: StoredFile = { file_name: 'intake.pdf', size: 1000, uploaded_at: '2026-11-21T20:00:00.000Z', active_content: [] };

describe('checkPickedFile', () => {
  it('takes 20MB exactly and refuses one byte more', () => {
    expect(MAX_UPLOAD_BYTES).toBe(20 * 1024 * 1024);
    expect(checkPickedFile(pdf(MAX_UPLOAD_BYTES), MAX_UPLOAD_BYTES)).toBeNull();
    expect(checkPickedFile(pdf(MAX_UPLOAD_BYTES + 1), MAX_UPLOAD_BYTES)).toBe('too_large');
  });

  it('reports the size before the type', () => {
    expect(checkPickedFile(pdf(MAX_UPLOAD_BYTES + 1, 'photo.jpg', 'image/jpeg'), MAX_UPLOAD_BYTES)).toBe('too_large');
  });

  it('takes a PDF by its type, or by its name when the browser gives no type', () => {
    expect(checkPickedFile(pdf(10, 'FORM.PDF', ''), MAX_UPLOAD_BYTES)).toBeNull();
    expect(checkPickedFile(pdf(10, 'form.pdf', 'application/octet-stream'), MAX_UPLOAD_BYTES)).toBeNull();
    expect(checkPickedFile(pdf(10, 'form.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'), MAX_UPLOAD_BYTES)).toBe('not_pdf');
    expect(checkPickedFile(pdf(10, 'form.gif', 'image/gif'), MAX_UPLOAD_BYTES)).toBe('not_pdf');
  });

  it('takes photos of a document (JPEG, PNG, HEIC), one or several, within the size limit together', () => {
    expect(checkPickedFile(pdf(10, 'licencia.jpg', 'image/jpeg'), MAX_UPLOAD_BYTES)).toBeNull();
    expect(checkPickedFile(pdf(10, 'IMG_0001.HEIC', ''), MAX_UPLOAD_BYTES)).toBeNull();
    const body = new Blob(['x']);
    const two = { ...pdf(10, 'frente.jpg', 'image/jpeg'), more: [{ name: 'dorso.png', type: 'image/png', body }] };
    expect(checkPickedFile(two, MAX_UPLOAD_BYTES)).toBeNull();
    expect(checkPickedFile({ ...two, more: [{ name: 'notas.txt', type: 'text/plain', body }] }, MAX_UPLOAD_BYTES)).toBe('not_pdf');
    expect(checkPickedFile({ ...two, size: MAX_UPLOAD_BYTES + 1 }, MAX_UPLOAD_BYTES)).toBe('too_large');
    expect(checkPickedFile(pdf(10, 'notes.txt', ''), MAX_UPLOAD_BYTES)).toBe('not_pdf');
  });
});

/** An upload machine whose uploadFile answers with the events a test queues, and records what was sent. */
function harness() {
  const sent: UploadFileInput[] = [];
  const reported: StoredFile[] = [];
  let sendBack: ((event: UploadEvent) => void) | undefined;
  let aborted = 0;
  const machine = uploadMachine.provide({
    actors: {
      uploadFile: fromCallback<UploadEvent, UploadFileInput>(({ input, sendBack: back }) => {
        sent.push(input);
        sendBack = back;
        return () => {
          aborted += 1;
        };
      }),
    },
    actions: { reportUploaded: (_, file) => reported.push(file) },
  });
  const actor = createActor(machine, { input: { target: { kind: 'intake_form', applicationId: 3 }, maxBytes: MAX_UPLOAD_BYTES, stored: null } });
  actor.start();
  return {
    actor,
    sent,
    reported,
    answer: (event: UploadEvent) => sendBack?.(event),
    aborted: () => aborted,
  };
}

describe('upload machine', () => {
  it('refuses a file over 20MB without sending it', () => {
    const { actor, sent } = harness();
    actor.send({ type: 'upload.choose', file: pdf(MAX_UPLOAD_BYTES + 1) });
    expect(selectUploadStatus(actor.getSnapshot())).toBe('invalid');
    expect(selectUploadError(actor.getSnapshot())).toEqual({ code: 'too_large' });
    expect(selectPickedFile(actor.getSnapshot())?.name).toBe('intake.pdf');
    expect(sent).toEqual([]);
  });

  it('uploads a PDF with progress, then shows its name and tells step 6', () => {
    const { actor, sent, reported, answer } = harness();
    actor.send({ type: 'upload.choose', file: pdf(1000) });
    expect(selectUploadStatus(actor.getSnapshot())).toBe('uploading');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.target).toEqual({ kind: 'intake_form', applicationId: 3 });
    answer({ type: 'upload.progress', loaded: 250, total: 1000 });
    expect(selectUploadPercent(actor.getSnapshot())).toBe(25);
    answer({ type: 'upload.done', stored });
    expect(selectUploadStatus(actor.getSnapshot())).toBe('uploaded');
    expect(selectStoredFile(actor.getSnapshot())).toEqual(stored);
    expect(selectPickedFile(actor.getSnapshot())).toBeNull();
    expect(reported).toEqual([stored]);
  });

  it('keeps the server refusal of the file and offers another file, not a retry', () => {
    const { actor, sent, answer } = harness();
    actor.send({ type: 'upload.choose', file: pdf(1000) });
    answer({ type: 'upload.refused', body: SERVER_ANSWERS.notPdf });
    expect(selectUploadStatus(actor.getSnapshot())).toBe('refused');
    expect(selectUploadError(actor.getSnapshot())).toEqual({ code: 'refused', body: SERVER_ANSWERS.notPdf });
    expect(selectUploadRemedy(actor.getSnapshot())).toBe('chooseAnother');
    actor.send({ type: 'upload.retry' });
    expect(selectUploadStatus(actor.getSnapshot())).toBe('refused');
    expect(sent).toHaveLength(1);
  });

  it('keeps a server failure, and tries the same file again on retry', () => {
    const { actor, sent, answer } = harness();
    const unavailable = { detail: 'The service is unavailable right now.', code: 'database_unavailable' };
    actor.send({ type: 'upload.choose', file: pdf(1000) });
    answer({ type: 'upload.failed', error: { body: unavailable } });
    expect(selectUploadStatus(actor.getSnapshot())).toBe('failed');
    expect(selectUploadError(actor.getSnapshot())).toEqual({ code: 'rejected', body: unavailable });
    expect(selectUploadRemedy(actor.getSnapshot())).toBe('retry');
    actor.send({ type: 'upload.retry' });
    expect(selectUploadStatus(actor.getSnapshot())).toBe('uploading');
    expect(selectUploadError(actor.getSnapshot())).toBeNull();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.file.name).toBe('intake.pdf');
  });

  it('reads a failure without an answer as the network', () => {
    const { actor, answer } = harness();
    actor.send({ type: 'upload.choose', file: pdf(1000) });
    answer({ type: 'upload.failed', error: {} });
    expect(selectUploadError(actor.getSnapshot())).toEqual({ code: 'network' });
  });

  it('cancels an upload (the request is aborted) and starts over when another file is chosen', () => {
    const { actor, sent, aborted } = harness();
    actor.send({ type: 'upload.choose', file: pdf(1000, 'first.pdf') });
    actor.send({ type: 'upload.choose', file: pdf(2000, 'second.pdf') });
    expect(aborted()).toBe(1);
    expect(sent.map((input) => input.file.name)).toEqual(['first.pdf', 'second.pdf']);
    actor.send({ type: 'upload.cancel' });
    expect(aborted()).toBe(2);
    expect(selectUploadStatus(actor.getSnapshot())).toBe('idle');
    expect(selectPickedFile(actor.getSnapshot())).toBeNull();
  });
});
