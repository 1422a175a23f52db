// Error bodies exactly as the server sends them, for the machine and unit tests to feed their actors. The server
// test tests/server/error-codes.test.ts provokes each one on a real app and checks the answer equals it, so a
// machine test never reads a body the server does not send.
import en from '#locales/en.json';
import es from '#locales/es.json';
import type { components } from '#api/schema.d.ts';

type Schemas = components['schemas'];
/**
 * components/schemas/FieldErrors as TypeScript can say it: the generated type intersects `code` with an index
 * signature of string arrays, which no object satisfies.
 */
type FieldErrorsBody = { code: Schemas['ErrorCode'] } & Record<string, readonly string[] | Schemas['ErrorCode']>;

export const SERVER_ANSWERS = {
  /** 409 to any write once the program closed (Accept-Language: en). */
  applicationClosed: { detail: en['api.application.closed'], code: 'application_closed' },
  /** 409 to any write once staff made the program unavailable (en). */
  programUnavailable: { detail: en['api.program.unavailable'], code: 'program_unavailable' },
  /** 409 to any write once the application was submitted, e.g. in another tab (en). */
  applicationSubmitted: { detail: en['api.application.submitted'], code: 'application_submitted' },
  /** 400 to submitting the application before its six steps are submitted (en). */
  stepsIncomplete: { non_field_errors: [en['api.application.incomplete']], code: 'steps_incomplete' },
  /** 400 to submitting step 2 whose saved draft (no business yet) has a type and an industry but no name (es). */
  stepFieldsMissing: {
    non_field_errors: [es['api.application.incomplete']],
    business_name: [es['api.field.required']],
    code: 'invalid',
  },
  /** 400 to saving a step-2 draft whose business name is over 200 characters (en). */
  draftTooLong: { business_name: [en['api.field.maxLength'].replace('{limit}', '200')], code: 'invalid' },
  /** 400 to uploading a file that is not a PDF (en). */
  notPdf: { file: [en['api.upload.notPdf']], code: 'invalid' },
  /** 413 to uploading a file over the limit (en). */
  fileTooLarge: { detail: en['api.error.fileTooLarge'], code: 'file_too_large' },
  /** 401 to signing in with a wrong password (es). */
  badCredentials: { detail: es['api.error.badCredentials'], code: 'no_active_account' },
  /** 409 to staff removing their own staff access or deactivating themselves (en; tests/server/admin-users.test.ts). */
  selfProtected: { detail: en['api.admin.selfProtected'], code: 'self_protected' },
  /** 401 to refreshing with a refresh token that is not valid (es). */
  tokenNotValid: { detail: es['api.error.tokenNotValid'], code: 'token_not_valid' },
} as const satisfies Record<string, Schemas['Detail'] | FieldErrorsBody>;

/** 409 to saving a step draft with a stale version: the stored draft comes back to choose from (en). */
/** A version conflict's answer; the stored step is incomplete, with no documents, unless `current` says. */
export const versionConflictAnswer = (current: {
  data: Record<string, unknown>;
  version: number;
  status?: Schemas['StepStatus'];
  files?: Schemas['ApplicationFile'][];
}) =>
  ({ detail: en['api.application.versionConflict'], code: 'version_conflict', current: { status: 'incomplete', files: [], ...current } }) satisfies Schemas['VersionConflict'];
