// Selectors over application snapshots: what the step indicator, the start and submit screens and the step forms
// read, including the step, autosave and upload actors the application machine spawned.
import type { SnapshotFrom } from 'xstate';
import type { AutosaveActorRef } from '#machines/autosave/autosave.machine.ts';
import type { StepActorRef } from '#machines/step/step.machine.ts';
import type { UploadActorRef } from '#machines/upload/upload.machine.ts';
import type { DocumentsActorRef } from '#machines/documents/documents.machine.ts';
import type { ApplicationStatus } from '#shared/review-lifecycle.ts';
import { documentsActorId } from './application.machine.ts';
import { firstIncompleteStep, STEP_KEYS } from './application.steps.ts';
import type { ApplicationMachine } from './application.machine.ts';
import type { ApplicationError, StepKey, StepNumber, StepStatuses } from './application.types.ts';

type ApplicationSnapshot = SnapshotFrom<ApplicationMachine>;

export type ApplicationState = 'draft' | 'changesRequested' | 'submitting' | 'submitted' | 'closed' | 'unavailable';

const STEP_NUMBERS = { '1': 1, '2': 2, '3': 3, '4': 4, '5': 5, '6': 6 } as const satisfies Record<StepKey, StepNumber>;

const STATES: readonly ApplicationState[] = ['draft', 'changesRequested', 'submitting', 'submitted', 'closed', 'unavailable'];

/**
 * Which screen to show: the steps (a draft, or staff's change request), "submitting", "Application has been
 * submitted" (and staff's review), "...closed", "Program Unavailable".
 */
export const selectApplicationState = (snapshot: ApplicationSnapshot): ApplicationState =>
  STATES.find((state) => snapshot.matches(state)) ?? 'draft';

/** What the applicant sees of staff's review: the machine's state (shared/review-lifecycle.ts APPLICANT_SIDE `review`). */
export type ReviewOutcome = 'none' | 'changesRequested' | 'waiting' | 'inReview' | 'decided';

export const selectReviewOutcome = (snapshot: ApplicationSnapshot): ReviewOutcome => {
  if (snapshot.matches('changesRequested')) return 'changesRequested';
  if (snapshot.matches({ submitted: 'waiting' })) return 'waiting';
  if (snapshot.matches({ submitted: 'inReview' })) return 'inReview';
  if (snapshot.matches({ submitted: 'decided' })) return 'decided';
  return 'none';
};

/** All six steps are submitted and the application can be sent (a draft, or a change request answered). */
export const selectCanSubmit = (snapshot: ApplicationSnapshot): boolean =>
  snapshot.matches({ draft: 'ready' }) || snapshot.matches({ changesRequested: 'ready' });

/** "Submit application" was pressed with every step submitted: the dialog asks to confirm before anything is sent. */
export const selectIsConfirmingSubmit = (snapshot: ApplicationSnapshot): boolean =>
  snapshot.matches({ draft: 'confirming' }) || snapshot.matches({ changesRequested: 'confirming' });

/** Submitted, closed or unavailable: no edits anywhere (the step actors start read-only or get `step.lock`). */
export const selectIsReadonly = (snapshot: ApplicationSnapshot): boolean => snapshot.hasTag('readonly');

/** A draft, or being submitted: the person can still change answers ("Start", "Change" links, the submit button). */
export const selectIsEditable = (snapshot: ApplicationSnapshot): boolean => !selectIsReadonly(snapshot);

/** The application is submitted (here or in another tab): the confirmation page can be shown. */
export const selectIsSubmitted = (snapshot: ApplicationSnapshot): boolean => snapshot.matches('submitted');

/** The program was withdrawn or hidden: 'Program Unavailable' replaces every screen. */
export const selectIsUnavailable = (snapshot: ApplicationSnapshot): boolean => snapshot.matches('unavailable');

/** The status as the applicant knows it (the contract's): as loaded, then where their sending took it. */
export const selectApplicationStatus = (snapshot: ApplicationSnapshot): ApplicationStatus => snapshot.context.status;

/** Sent, and staff decided it (approved, rejected, waitlisted): the applicant reads the decision and its reason. */
export const selectIsDecided = (snapshot: ApplicationSnapshot): boolean => snapshot.matches({ submitted: 'decided' });

/** Staff's change request is open to the applicant: the machine is answering it (not once resent, nor while unavailable). */
export const selectIsChangeRequestOpen = (snapshot: ApplicationSnapshot): boolean => snapshot.matches('changesRequested');

/**
 * Which read-only banner the screens show: 'Application has been submitted' / '... closed', staff's decision once
 * decided, or none.
 */
export const selectReadonlyBanner = (snapshot: ApplicationSnapshot): 'submitted' | 'decided' | 'closed' | null =>
  selectIsDecided(snapshot) ? 'decided' : snapshot.matches('submitted') ? 'submitted' : snapshot.matches('closed') ? 'closed' : null;

export const selectIsSubmitting = (snapshot: ApplicationSnapshot): boolean => snapshot.hasTag('busy');

/** The step can be changed: the application is editable and the step is not locked (staff did not reopen it). */
export const selectIsStepEditable = (snapshot: ApplicationSnapshot, step: StepNumber): boolean =>
  selectIsEditable(snapshot) && !snapshot.context.readonlySteps[`${step}`];

/** The steps the applicant may change now, in order (while changes are requested, the reopened ones). */
export const selectEditableSteps = (snapshot: ApplicationSnapshot): StepNumber[] =>
  STEP_KEYS.map((key) => STEP_NUMBERS[key]).filter((step) => selectIsStepEditable(snapshot, step));

/** incomplete / submitted for steps '1'...'6', for the step indicator. */
export const selectStepStatuses = (snapshot: ApplicationSnapshot): StepStatuses => snapshot.context.steps;

/** The last refusal or failure (a code, and the server's body to show as received); null when none. */
export const selectError = (snapshot: ApplicationSnapshot): ApplicationError | null => snapshot.context.error;

/** The steps not submitted yet, in order (what the submit screen lists when submitting is refused). */
export const selectIncompleteSteps = (snapshot: ApplicationSnapshot): StepNumber[] =>
  STEP_KEYS.filter((key) => snapshot.context.steps[key] !== 'submitted').map((key) => STEP_NUMBERS[key]);

/** How many of the six steps are submitted ("3 of 6 steps submitted"). */
export const selectSubmittedStepCount = (snapshot: ApplicationSnapshot): number =>
  STEP_KEYS.filter((key) => snapshot.context.steps[key] === 'submitted').length;

/** Where "Continue" goes: the first incomplete step while the application can still be edited, else null. */
export const selectNextIncompleteStep = (snapshot: ApplicationSnapshot): StepNumber | null =>
  selectIsEditable(snapshot) ? firstIncompleteStep(snapshot.context.steps) : null;

// The children. They are spawned on start, so they exist from the first snapshot; a missing one is a bug.
function child<T>(actor: T | undefined, id: string): T {
  if (actor === undefined) throw new Error(`application: no child actor ${id}`);
  return actor;
}

/** The step actor of a step: its status, "submit step", its read-only state. */
export const selectStepActor = (snapshot: ApplicationSnapshot, step: StepNumber): StepActorRef =>
  child(snapshot.children[`step${step}`], `step${step}`);

/** The autosave actor of a step: its draft data, saving status, conflict. */
export const selectAutosaveActor = (snapshot: ApplicationSnapshot, step: StepNumber): AutosaveActorRef =>
  child(snapshot.children[`autosave${step}`], `autosave${step}`);

/**
 * The documents actor of a documents field (`['income_documents']` of step 4, `['owners', n, 'id_files']` of step 3
 * for the owner at place n: the actor of that owner's slot, which stays theirs while owners above come and go).
 */
export function selectDocumentsActor(snapshot: ApplicationSnapshot, step: StepNumber, path: readonly (string | number)[]): DocumentsActorRef {
  const id = documentsActorId(step, path, snapshot.context.ownerSlots);
  if (id === null) throw new Error(`application: no documents field at step ${step} ${path.join('.')}`);
  return child(snapshot.children[id], id);
}

/** The intake-form upload of step 6. */
export const selectUploadActor = (snapshot: ApplicationSnapshot): UploadActorRef => child(snapshot.children.upload, 'upload');
