// Adapters from failed API calls (ApiError: status 0 for no answer, else the server's body) to the rejection
// shapes the application, step, autosave and upload machines read. Pure, so they are tested on their own.
import { ApiError } from '#api/errors';
import type { SaveDraftError, ServerDraft } from '#machines/autosave/autosave.types';
import { serverErrorCode, type ErrorCode } from '#machines/shared/error-codes';
import { STEP_STATUS_VALUES } from '#shared/contract-enums';
// The contract's own check of a document (generated from openapi.yaml), the one the documents' list reads with.
import { isApplicationFile } from '#shared/validation/validators/isApplicationFile.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The stored step of a conflict: its draft and version, with its status and the documents when they can be read. */
function serverDraftOf(value: unknown): ServerDraft | null {
  if (!isRecord(value) || !isRecord(value.data) || typeof value.version !== 'number') return null;
  const status = STEP_STATUS_VALUES.find((known) => known === value.status);
  const { files } = value;
  return {
    data: value.data,
    version: value.version,
    ...(status ? { status } : {}),
    ...(Array.isArray(files) && files.every(isApplicationFile) ? { files } : {}),
  };
}

/** No answer, a 5xx, a 408 or a 429: the network or the server is struggling, and the same request may succeed later. */
function isTransient(status: number): boolean {
  return status === 0 || status >= 500 || status === 408 || status === 429;
}

/**
 * A failed upload the server refused for what the file is (a 4xx with a body: not a PDF inside, damaged, too large,
 * or the application can no longer take one): sending the same file again cannot help, so the person is offered
 * another file rather than "try again". Transient failures stay retryable.
 */
export function isFileRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && !isTransient(error.status) && error.body !== undefined && error.body !== null;
}

/**
 * A failed PUT of a step draft, as the autosave machine reads it:
 * - 409 `version_conflict` with `current`: another tab or device saved first (the person chooses);
 * - no answer, a 5xx, a 408 or a 429: the network or the server is struggling, so retry with backoff
 *   (the data is safe in the local copy meanwhile);
 * - anything else (400 field errors, 409 application_closed...): refused as the server said.
 */
export function toSaveDraftRejection(error: unknown): SaveDraftError {
  if (!(error instanceof ApiError)) return { kind: 'network' };
  const { status, body } = error;
  if (isTransient(status)) return { kind: 'network' };
  if (status === 409 && serverErrorCode(body) === 'version_conflict') {
    const current = isRecord(body) ? serverDraftOf(body.current) : null;
    if (current) return { kind: 'conflict', current };
  }
  return { kind: 'rejected', body };
}

/**
 * A failed call the step, application and upload machines read: `{ body }` when the server answered with a
 * body (shown as received), an empty object when it did not (read as "the server could not be reached").
 */
export function toServerRejection(error: unknown): { body?: unknown } {
  if (error instanceof ApiError && error.status !== 0 && error.body !== undefined && error.body !== null) {
    return { body: error.body };
  }
  return {};
}

/** The codes after which the application cannot change: the screens reload it to show why. */
export const FINAL_CODES: readonly ErrorCode[] = ['application_submitted', 'application_closed', 'program_unavailable'];

export function isFinalRejection(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && FINAL_CODES.some((code) => code === serverErrorCode(error.body));
}
