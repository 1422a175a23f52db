// Adapters from failed API calls to what the machines read, checked through the machines' own readers so the two
// sides cannot drift apart: a conflict opens the dialog, a network failure retries, the server's body is shown.
import { describe, expect, it } from 'vitest';
import { ApiError } from '#api/errors';
import { isFileRefusal, isFinalRejection, toSaveDraftRejection, toServerRejection } from '#actors/application-errors';
import { toSaveDraftError } from '#machines/autosave/autosave.machine';
import { toStepSubmitError } from '#machines/step/step.machine';
import { toApplicationError } from '#machines/application/application.machine';
import { toUploadError } from '#machines/upload/upload.machine';
import { SERVER_ANSWERS, versionConflictAnswer } from '../support/server-answers';

const conflictBody = versionConflictAnswer({ data: { business_name: 'Otra' }, version: 4 });

describe('toSaveDraftRejection (PUT a step draft)', () => {
  it('turns 409 version_conflict into a conflict with the stored draft', () => {
    const rejection = toSaveDraftRejection(new ApiError(409, conflictBody));
    expect(rejection).toEqual({ kind: 'conflict', current: { data: { business_name: 'Otra' }, version: 4, status: 'incomplete', files: [] } });
    expect(toSaveDraftError(rejection)).toEqual(rejection);
  });

  it('keeps the stored step\'s status (submitted in the other tab), and leaves out one it cannot read', () => {
    const submitted = versionConflictAnswer({ data: { business_name: 'Otra' }, version: 5, status: 'submitted' });
    expect(toSaveDraftRejection(new ApiError(409, submitted))).toEqual({ kind: 'conflict', current: { data: { business_name: 'Otra' }, version: 5, status: 'submitted', files: [] } });
    const unknown = { ...conflictBody, current: { ...conflictBody.current, status: 'archived', files: 'none' } };
    expect(toSaveDraftRejection(new ApiError(409, unknown))).toEqual({ kind: 'conflict', current: { data: { business_name: 'Otra' }, version: 4 } });
  });

  it('keeps the documents the answer lists (those the other tab may name), and leaves out a list it cannot read', () => {
    const file = { id: 31, kind: 'income_document' as const, file_name: 'talonario.pdf', size: 2048, sha256: 'a'.repeat(64), uploaded_at: '2026-11-27T12:00:00.000Z', active_content: [] };
    const withFiles = versionConflictAnswer({ data: { income_documents: [31] }, version: 6, files: [file] });
    expect(toSaveDraftError(toSaveDraftRejection(new ApiError(409, withFiles)))).toEqual({
      kind: 'conflict',
      current: { data: { income_documents: [31] }, version: 6, status: 'incomplete', files: [file] },
    });
    const broken = { ...withFiles, current: { ...withFiles.current, files: [{ id: '31' }] } };
    expect(toSaveDraftRejection(new ApiError(409, broken))).toEqual({ kind: 'conflict', current: { data: { income_documents: [31] }, version: 6, status: 'incomplete' } });
  });

  it('treats no answer, 5xx, 408 and 429 as the network: the machine retries with backoff', () => {
    for (const error of [new ApiError(0, undefined), new ApiError(502, undefined), new ApiError(500, { detail: 'x' }), new ApiError(429, { detail: 'slow' }), new ApiError(408, undefined), new TypeError('Failed to fetch')]) {
      expect(toSaveDraftError(toSaveDraftRejection(error))).toEqual({ kind: 'network' });
    }
  });

  it('keeps the server body of a refusal (field errors, a closed application)', () => {
    const fieldErrors = SERVER_ANSWERS.draftTooLong;
    expect(toSaveDraftError(toSaveDraftRejection(new ApiError(400, fieldErrors)))).toEqual({ kind: 'rejected', body: fieldErrors });
    const closed = SERVER_ANSWERS.applicationClosed;
    expect(toSaveDraftRejection(new ApiError(409, closed))).toEqual({ kind: 'rejected', body: closed });
  });

  it('does not take a malformed conflict for a conflict', () => {
    const body = { code: 'version_conflict', detail: 'x', current: { data: 'nope' } };
    expect(toSaveDraftRejection(new ApiError(409, body))).toEqual({ kind: 'rejected', body });
  });
});

describe('toServerRejection (submit step, submit application, upload)', () => {
  it('passes the server body on, which the machines keep to show as received', () => {
    const body = SERVER_ANSWERS.stepFieldsMissing;
    expect(toStepSubmitError(toServerRejection(new ApiError(400, body)))).toEqual({ kind: 'rejected', body });
    expect(toUploadError(toServerRejection(new ApiError(413, SERVER_ANSWERS.fileTooLarge)))).toEqual({
      code: 'rejected',
      body: SERVER_ANSWERS.fileTooLarge,
    });
  });

  it('reads the application codes that end a draft', () => {
    const closed = SERVER_ANSWERS.applicationClosed;
    expect(toApplicationError(toServerRejection(new ApiError(409, closed)))).toEqual({ code: 'application_closed', body: closed });
    const incomplete = SERVER_ANSWERS.stepsIncomplete;
    expect(toApplicationError(toServerRejection(new ApiError(400, incomplete)))).toEqual({ code: 'steps_incomplete', body: incomplete });
    // A code the machine does not act on, or none the contract knows: kept as an other failure.
    const tooLarge = SERVER_ANSWERS.fileTooLarge;
    expect(toApplicationError(toServerRejection(new ApiError(413, tooLarge)))).toEqual({ code: 'submit_failed', body: tooLarge });
    const unknown = { detail: 'x', code: 'not_in_the_contract' };
    expect(toApplicationError(toServerRejection(new ApiError(400, unknown)))).toEqual({ code: 'submit_failed', body: unknown });
  });

  it('reports no answer (or an answer without a body) as the network', () => {
    expect(toStepSubmitError(toServerRejection(new ApiError(0, undefined)))).toEqual({ kind: 'network' });
    expect(toStepSubmitError(toServerRejection(new ApiError(502, undefined)))).toEqual({ kind: 'network' });
    expect(toApplicationError(toServerRejection(new TypeError('Failed to fetch')))).toEqual({ code: 'network', body: null });
    expect(toUploadError(toServerRejection(new ApiError(0, undefined)))).toEqual({ code: 'network' });
  });
});

describe('isFileRefusal (upload: another file, or the same one again)', () => {
  it('is true when the server refused the file itself (a 4xx with a body)', () => {
    expect(isFileRefusal(new ApiError(400, SERVER_ANSWERS.notPdf))).toBe(true);
    expect(isFileRefusal(new ApiError(413, SERVER_ANSWERS.fileTooLarge))).toBe(true);
    expect(isFileRefusal(new ApiError(409, SERVER_ANSWERS.applicationClosed))).toBe(true);
  });

  it('is false when only the transfer failed: no answer, a 5xx, a 408 or a 429, or an answer without a body', () => {
    expect(isFileRefusal(new ApiError(0, undefined))).toBe(false);
    expect(isFileRefusal(new ApiError(503, { detail: 'x', code: 'database_unavailable' }))).toBe(false);
    expect(isFileRefusal(new ApiError(408, { detail: 'x', code: 'timeout' }))).toBe(false);
    expect(isFileRefusal(new ApiError(429, { detail: 'x', code: 'throttled' }))).toBe(false);
    expect(isFileRefusal(new ApiError(400, undefined))).toBe(false);
    expect(isFileRefusal(new TypeError('Failed to fetch'))).toBe(false);
  });
});

describe('isFinalRejection', () => {
  it('is true for the 409 codes after which the application cannot change', () => {
    for (const code of ['application_submitted', 'application_closed', 'program_unavailable']) {
      expect(isFinalRejection(new ApiError(409, { detail: 'x', code }))).toBe(true);
    }
    expect(isFinalRejection(new ApiError(409, conflictBody))).toBe(false);
    expect(isFinalRejection(new ApiError(400, { detail: 'x', code: 'application_closed' }))).toBe(false);
    expect(isFinalRejection(new Error('x'))).toBe(false);
  });
});
