// The real effects of the application machine and the step, autosave, upload and documents machines it invokes: the
// API calls (openapi-fetch; an XMLHttpRequest for the uploads' progress), the local copies in localStorage, the
// react-query cache kept in step with what was saved, and what follows a sending (the confirmation page, the data read
// again). Plugged in with .provide(); the machine tests provide their own.
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { api } from '#api/client';
import { unwrap } from '#api/errors';
import { applicationMachine } from '#machines/application/application.machine';
import type { SubmitApplicationInput, SubmitApplicationOutput } from '#machines/application/application.types';
import { autosaveMachine } from '#machines/autosave/autosave.machine';
import type { SaveDraftInput, SaveDraftOutput } from '#machines/autosave/autosave.types';
import { stepMachine } from '#machines/step/step.machine';
import type { StepNumber, SubmitStepInput, SubmitStepOutput } from '#machines/step/step.types';
import { uploadMachine } from '#machines/upload/upload.machine';
import { isStepNumber } from '#shared/application-constants';
import { checkStepComplete } from '#shared/validation/step-checks';
import { loadStepValidators } from '#shared/validation/step-validators';
import { savableDraft } from '#shared/validation/savable-draft';
import { localFieldErrors } from '#lib/form-errors';
import {
  applicationKeys,
  invalidateApplicationLists,
  saveStepDraft,
  type Application,
  type ApplicationStep,
} from '#api/applications';
import { applicationPaths } from '#lib/application-paths';
import { removeLocalCopy, writeLocalCopy } from './application-drafts';
import { provideDocumentsMachine } from './documents';
import { isFinalRejection, toSaveDraftRejection, toServerRejection } from './application-errors';
import { uploadFileActor } from './upload-file';
// The contract's own check of the answer (generated from openapi.yaml: scripts/gen-validators.ts).
import { isStoredFile } from '#shared/validation/validators/isStoredFile.js';

export type ApplicationActorRef = ActorRefFrom<typeof applicationMachine>;


function stepNumberOf(value: number): StepNumber {
  if (!isStepNumber(value)) throw new Error(`no such step: ${value}`);
  return value;
}

/** Keeps the cached application in step with the server, so screens that mount later start from the truth. */
function updateCachedApplication(queryClient: QueryClient, id: number, change: (application: Application) => Application): void {
  queryClient.setQueryData(applicationKeys.detail(id), (old: Application | undefined) => (old ? change(old) : old));
}

function updateCachedStep(queryClient: QueryClient, id: number, saved: ApplicationStep): void {
  updateCachedApplication(queryClient, id, (application) => ({
    ...application,
    steps: application.steps.map((step) => (step.step === saved.step ? saved : step)),
  }));
}

/** A write refused because the application is submitted, closed or its program unavailable: reload it to show why. */
function reloadWhenFinal(queryClient: QueryClient, id: number, error: unknown): void {
  if (isFinalRejection(error)) {
    void queryClient.invalidateQueries({ queryKey: applicationKeys.detail(id) });
    void invalidateApplicationLists(queryClient);
  }
}

/**
 * Steps whose last save held a malformed field back: the device keeps their typed draft (with the version the save
 * answered) until the field is mended, so a reload still shows what was typed (docs/decisions/042).
 */
const heldBack = new Set<string>();
const heldBackKey = (key: { applicationId: number; step: number }) => `${key.applicationId}:${key.step}`;

/** The autosave machine with the real PUT of a step draft and the local copy in localStorage. */
function provideAutosaveMachine(queryClient: QueryClient) {
  return autosaveMachine.provide({
    actors: {
      // No abort signal on purpose: a save already sent should reach the server even if the screen is left.
      saveDraft: fromPromise<SaveDraftOutput, SaveDraftInput>(async ({ input }) => {
        const step = stepNumberOf(input.step);
        await loadStepValidators(step);
        // Only what the server will take: a malformed field stays on this device, marked on the form, and its last
        // saved value is sent in its place (docs/decisions/042-partial-drafts-and-phone-faults.md).
        const lastSaved = queryClient
          .getQueryData<Application>(applicationKeys.detail(input.applicationId))
          ?.steps.find((candidate) => candidate.step === step)?.data;
        const savable = savableDraft(step, input.data, lastSaved);
        const sent = savable.data;
        try {
          const saved = await unwrap(saveStepDraft(input.applicationId, step, sent, input.version));
          updateCachedStep(queryClient, input.applicationId, saved);
          if (savable.withheld.length > 0) {
            writeLocalCopy({ applicationId: input.applicationId, step: input.step, data: input.data, version: saved.version });
            heldBack.add(heldBackKey(input));
          } else {
            heldBack.delete(heldBackKey(input));
          }
          void invalidateApplicationLists(queryClient);
          return { version: saved.version };
        } catch (error) {
          reloadWhenFinal(queryClient, input.applicationId, error);
          const rejection = toSaveDraftRejection(error);
          // A conflict says what was sent: the machine's guard settles one whose server draft is this very draft (a
          // save whose answer was lost, then retried) as saved.
          throw rejection.kind === 'conflict' ? { ...rejection, sent } : rejection;
        }
      }),
    },
    actions: {
      persistLocalCopy: (_, copy) => writeLocalCopy(copy),
      // The server already held the draft this save sent: the cache takes its version.
      adoptServerCopy: (_, { applicationId, step, data, version }) =>
        updateCachedApplication(queryClient, applicationId, (application) => ({
          ...application,
          steps: application.steps.map((saved) => (saved.step === step ? { ...saved, data, version } : saved)),
        })),
      // A saved draft needs no copy on the device, unless a malformed field was held back from the save.
      clearLocalCopy: (_, key) => {
        if (!heldBack.has(heldBackKey(key))) removeLocalCopy(key);
      },
    },
  });
}

/** The step machine with the real "submit step" (its flush is the machine's own: it waits on the autosave actor). */
function provideStepMachine(queryClient: QueryClient, student: boolean) {
  return stepMachine.provide({
    actors: {
      submitStep: fromPromise<SubmitStepOutput, SubmitStepInput>(async ({ input }) => {
        // The draft as typed, as the step's autosave sibling held it once flushed (the machine hands it over), is
        // checked with the step's own schema before the server is asked: every field that is missing or malformed
        // shows at once, in the same words the server would use; a field held back from the autosave is named for
        // what is wrong with it, not as missing.
        await loadStepValidators(input.step);
        const problems = input.draft === null ? null : checkStepComplete(input.step, input.draft, { student });
        if (problems !== null) throw { body: localFieldErrors(problems) };
        try {
          const submitted = await unwrap(
            api.POST('/applications/{id}/steps/{step}/submit', {
              params: { path: { id: input.applicationId, step: input.step } },
            }),
          );
          updateCachedStep(queryClient, input.applicationId, submitted);
          void invalidateApplicationLists(queryClient);
          return { status: 'submitted' };
        } catch (error) {
          reloadWhenFinal(queryClient, input.applicationId, error);
          throw toServerRejection(error);
        }
      }),
    },
  });
}

/** The upload machine with the real intake-form upload (the application machine tells step 6 it changed). */
function provideUploadMachine(queryClient: QueryClient) {
  return uploadMachine.provide({
    actors: {
      uploadFile: uploadFileActor((target) => {
        if (target.kind !== 'intake_form') throw new Error('the application uploads its intake form only');
        const { applicationId } = target;
        return {
          path: `/applications/${applicationId}/intake-form`,
          read: (body) => (isStoredFile(body) ? body : null),
          onStored: (stored) => {
            // The upload also changed step 6 on the server (its status is the server's rule): read it back from there.
            updateCachedApplication(queryClient, applicationId, (application) => ({ ...application, intake_form: stored }));
            void queryClient.invalidateQueries({ queryKey: applicationKeys.detail(applicationId) });
            void invalidateApplicationLists(queryClient);
          },
          onError: (error) => reloadWhenFinal(queryClient, applicationId, error),
          resumable: { target: 'intake_form', application_id: String(applicationId) },
        };
      }),
    },
  });
}

export interface ApplicationEffects {
  queryClient: QueryClient;
  /** The router's navigation: the confirmation page after a sending. */
  navigate: (path: string) => void;
  /** The application is of the student incubator (step 5's questions differ): what "submit step" checks with. */
  student: boolean;
}

/** The application machine with its real submit and follow-up, and its children with their real effects. */
export function provideApplicationMachine({ queryClient, navigate, student }: ApplicationEffects) {
  return applicationMachine.provide({
    actors: {
      submitApplication: fromPromise<SubmitApplicationOutput, SubmitApplicationInput>(async ({ input }) => {
        try {
          const sent = await unwrap(api.POST('/applications/{id}/submit', { params: { path: { id: input.id } } }));
          return { status: sent.status };
        } catch (error) {
          throw toServerRejection(error);
        }
      }),
      step: provideStepMachine(queryClient, student),
      autosave: provideAutosaveMachine(queryClient),
      upload: provideUploadMachine(queryClient),
      documents: provideDocumentsMachine(queryClient),
    },
    actions: {
      discardLocalCopies: (_, keys) => keys.forEach(removeLocalCopy),
      // After a sending: "Application has been submitted", and the data read again (its new status remounts the
      // application's screens on a fresh machine; the lists say it too).
      showConfirmation: (_, { id }) => navigate(applicationPaths.confirmation(id)),
      reloadApplication: (_, { id }) => {
        void queryClient.invalidateQueries({ queryKey: applicationKeys.detail(id) });
        void invalidateApplicationLists(queryClient);
      },
    },
  });
}
