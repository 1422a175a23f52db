// The applicant's whole workflow on one application: a draft (or staff's change request being answered) until its six
// steps are submitted and it is sent; then what they see of staff's review (waiting, in review, decided); closed or
// unavailable otherwise. It owns the actors of its screens, invoked at its root so that the Stately editor draws them:
// a step and an autosave actor for each of the six steps, the intake-form upload, and one documents actor per
// documents field (step 4's two, and each possible owner's of step 3); what the person does and what the browser says
// reach them through it, and they answer with sendParent. What follows a sending (the confirmation, the reload) is
// named actions the SPA provides.
import { and, assign, enqueueActions, fromPromise, setup } from 'xstate';
import { autosaveMachine } from '#machines/autosave/autosave.machine.ts';
import { documentsMachine, type DocumentsActorRef } from '#machines/documents/documents.machine.ts';
import type { ApplicationFile, FileKind } from '#machines/documents/documents.types.ts';
import type { DraftData, LocalCopyKey } from '#machines/autosave/autosave.types.ts';
import { stepMachine } from '#machines/step/step.machine.ts';
import { uploadMachine } from '#machines/upload/upload.machine.ts';
import { serverErrorCode } from '#machines/shared/error-codes.ts';
import { INTAKE_FORM_FIELD, MAX_OWNERS, STEP_NUMBERS } from '#shared/application-constants.ts';
import {
  applicantPhase,
  applicantReview,
  applicantWriteRefusal,
  statusAfterSending,
  type ApplicantReview,
} from '#shared/review-lifecycle.ts';
import { planDraft } from './application.drafts.ts';
import { allStepsSubmitted } from './application.steps.ts';
import type {
  ApplicationChildren,
  ApplicationContext,
  ApplicationError,
  ApplicationEvent,
  ApplicationInput,
  DocumentsActorId,
  ServerApplicationErrorCode,
  StepKey,
  StepNumber,
  SubmitApplicationInput,
  SubmitApplicationOutput,
} from './application.types.ts';

const stepActorId = (step: StepNumber) => `step${step}` as const;
const autosaveActorId = (step: StepNumber) => `autosave${step}` as const;

/** The contract's codes (components/schemas/ErrorCode) the application machine acts on. */
const SERVER_CODES = [
  'steps_incomplete',
  'application_closed',
  'program_unavailable',
  'application_submitted',
] as const satisfies readonly ServerApplicationErrorCode[];

/** Reads a submitApplication rejection: the server's `code` when the machine acts on it, its body always kept. */
export function toApplicationError(error: unknown): ApplicationError {
  if (typeof error !== 'object' || error === null || !('body' in error) || error.body === undefined) {
    return { code: 'network', body: null };
  }
  const { body } = error;
  const code = serverErrorCode(body);
  const known = SERVER_CODES.find((serverCode) => serverCode === code);
  return { code: known ?? 'submit_failed', body };
}

type StepChanged = Extract<ApplicationEvent, { type: 'application.stepChanged' }>;
const stepChangeOf = ({ event }: { event: StepChanged }) => ({ key: `${event.step}` as const, status: event.status });
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const idOf = ({ context }: { context: ApplicationContext }) => ({ id: context.id });

/**
 * Each step's read-only flag as loaded: the lifecycle table's answer (applicantWriteRefusal, the one the server's
 * write check gives): every step of an application with staff, closed or of a withdrawn program; while changes are
 * requested, the steps staff did not reopen, whatever the program's deadline (docs/decisions/028).
 */
export function readonlyStepsOf(input: Pick<ApplicationInput, 'status' | 'programStatus' | 'reopenedSteps'>): Record<StepKey, boolean> {
  const locked = (step: StepNumber) => applicantWriteRefusal(input.status, input.programStatus, step, input.reopenedSteps) !== null;
  return { '1': locked(1), '2': locked(2), '3': locked(3), '4': locked(4), '5': locked(5), '6': locked(6) };
}

/** How a step's autosave actor starts: the server's draft or this device's newer local copy of it. */
const planOf = (context: ApplicationContext, step: StepNumber) => {
  const loaded = context.loaded.steps[`${step}`];
  return planDraft({ data: loaded.data, version: loaded.version }, loaded.localCopy, context.readonlySteps[`${step}`]);
};

/** The local copies that say nothing the server does not have (or can no longer be saved). */
const staleLocalCopies = ({ context }: { context: ApplicationContext }): LocalCopyKey[] =>
  STEP_NUMBERS.filter((step) => planOf(context, step).discardLocal).map((step) => ({ applicationId: context.id, step }));

/** A copy of `container` with `value` at `path`, making the objects and lists on the way (a draft is plain JSON). */
function putAt(container: unknown, path: readonly (string | number)[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (typeof head === 'number') {
    const list: unknown[] = Array.isArray(container) ? [...(container as unknown[])] : [];
    while (list.length < head) list.push({});
    list[head] = putAt(list[head], rest, value);
    return list;
  }
  const object: DraftData = typeof container === 'object' && container !== null && !Array.isArray(container) ? { ...(container as DraftData) } : {};
  object[head] = putAt(object[head], rest, value);
  return object;
}

/** A copy of a draft with `value` at `path` (`['income_documents']`, `['owners', 1, 'id_files']`). */
export const setAt = (data: DraftData, path: readonly (string | number)[], value: unknown): DraftData =>
  path.length === 0 ? data : (putAt(data, path, value) as DraftData);

/** A step's autosave actor starts from the server's draft or this device's newer local copy of it (planDraft). */
const autosaveInputOf = (context: ApplicationContext, step: StepNumber) => {
  const plan = planOf(context, step);
  return { applicationId: context.id, step, data: plan.data, version: plan.version };
};

/** A step actor starts with its status as loaded, read-only when the application is or staff did not reopen it. */
const stepInputOf = (context: ApplicationContext, step: StepNumber) => ({
  applicationId: context.id,
  step,
  status: context.loaded.steps[`${step}`].status,
  readonly: context.readonlySteps[`${step}`],
});

/** The owners' documents fields: `documentsOwner0`... one per owner the step takes (MAX_OWNERS). */
export const OWNER_DOCUMENTS_FIELD = 'id_files';
const OWNER_SLOTS = Array.from({ length: MAX_OWNERS }, (_, index) => index);
const ownerActorId = (slot: number) => `documentsOwner${slot}` as DocumentsActorId;

/**
 * The slots of a list of `count` owners (docs/decisions/065-stable-owner-slots.md): the ones kept, in the
 * applicant's order, then, for owners not kept yet, the free slots, lowest first (those not `busy` deleting a removed
 * owner's file before the others). A loaded draft's owner n has slot n; adding or removing an owner moves nobody
 * else's slot.
 */
export function ownerSlotsFor(kept: readonly number[], count: number, busy: (slot: number) => boolean = () => false): number[] {
  const slots = kept.slice(0, count);
  const free = OWNER_SLOTS.filter((slot) => !slots.includes(slot));
  const next = [...free.filter((slot) => !busy(slot)), ...free.filter((slot) => busy(slot))];
  return [...slots, ...next.slice(0, Math.max(count - slots.length, 0))];
}

/** An owner's identification field: `['owners', n, 'id_files']`, n its place in the list (or, from its actor, its slot). */
const ownerIndexOf = (step: StepNumber, path: readonly (string | number)[]): number | null => {
  const [list, index, field] = path;
  return step === 3 && path.length === 3 && list === 'owners' && typeof index === 'number' && field === OWNER_DOCUMENTS_FIELD ? index : null;
};

/**
 * The documents actor of a field: step 4's income documents and no-income form, or the identification of the owner
 * at place n on step 3 (`['owners', n, 'id_files']`): the actor of that owner's slot (`ownerSlots`, the context's);
 * null for any other path.
 */
export function documentsActorId(step: StepNumber, path: readonly (string | number)[], ownerSlots: readonly number[]): DocumentsActorId | null {
  if (step === 4 && path.length === 1 && path[0] === 'income_documents') return 'documentsIncome';
  if (step === 4 && path.length === 1 && path[0] === 'no_income_form') return 'documentsNoIncome';
  const place = ownerIndexOf(step, path);
  if (place === null || place < 0) return null;
  const slot = ownerSlotsFor(ownerSlots, place + 1)[place];
  return slot === undefined ? null : ownerActorId(slot);
}

/** What a draft holds at `path` (undefined when nothing). */
function valueAt(data: unknown, path: readonly (string | number)[]): unknown {
  let value = data;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

/** The files of `files` whose ids the draft names at `path`, in the list's order. */
const filesAt = (files: readonly ApplicationFile[], data: DraftData, path: readonly (string | number)[]): ApplicationFile[] => {
  const ids = valueAt(data, path);
  return Array.isArray(ids) ? files.filter((file) => ids.includes(file.id)) : [];
};

/** A documents field's actor starts with the files its step's draft names there, read-only when its step is. */
const documentsInputOf = (context: ApplicationContext, step: StepNumber, path: readonly (string | number)[], kind: FileKind) => ({
  applicationId: context.id,
  step,
  path,
  kind,
  maxBytes: context.loaded.maxUploadBytes,
  maxFiles: context.loaded.maxDocumentsPerField,
  files: filesAt(context.loaded.files, planOf(context, step).data, path),
  readonly: context.readonlySteps[`${step}`],
});

const ownersIn = (data: DraftData): unknown[] => (Array.isArray(data.owners) ? (data.owners as unknown[]) : []);
const ownerCount = (data: DraftData): number => ownersIn(data).length;

/** The owners' documents actors, by id, as the machine's snapshot holds them. */
type OwnerFields = Partial<Record<DocumentsActorId, DocumentsActorRef>>;
/** A slot still deleting a file of the owner it served: a new owner takes another first. */
const busySlot = (children: OwnerFields) => (slot: number) => children[ownerActorId(slot)]?.getSnapshot().hasTag('busy') ?? false;
/** The slots of the owners a draft lists now: the context's, completed for owners it did not know of. */
const slotsOf = (context: ApplicationContext, children: OwnerFields, data: DraftData) =>
  ownerSlotsFor(context.ownerSlots, ownerCount(data), busySlot(children));

export const applicationMachine = setup({
  // XState reads `types` only for inference; `{} as T` is its documented way to declare them.
  /* eslint-disable @typescript-eslint/consistent-type-assertions */
  types: {
    context: {} as ApplicationContext,
    events: {} as ApplicationEvent,
    input: {} as ApplicationInput,
    children: {} as ApplicationChildren,
    tags: {} as 'busy' | 'readonly',
  },
  /* eslint-enable @typescript-eslint/consistent-type-assertions */
  actors: {
    // The children, with their own slots: the SPA provides their real effects (src/actors) with .provide().
    step: stepMachine,
    autosave: autosaveMachine,
    upload: uploadMachine,
    documents: documentsMachine,
    // Slot: the SPA provides the real call in src/actors; tests provide deferred promises.
    submitApplication: fromPromise<SubmitApplicationOutput, SubmitApplicationInput>(async () => {
      throw { body: { detail: 'submitApplication is not provided' } };
    }),
  },
  actions: {
    /**
     * A local copy restored into a step's autosave actor (planDraft) is a change the server has not seen: it is sent
     * as one, and the step reopens (a copy that says nothing new is deleted: discardLocalCopies).
     */
    restoreLocalCopies: enqueueActions(({ context, enqueue }) => {
      for (const step of STEP_NUMBERS) {
        const plan = planOf(context, step);
        if (!plan.restore) continue;
        enqueue.sendTo(autosaveActorId(step), { type: 'autosave.change', data: plan.data });
        enqueue.sendTo(stepActorId(step), { type: 'step.edit' });
      }
    }),
    // Slot: browser storage is the SPA's business (src/actors); the machine only says which copies are stale.
    discardLocalCopies: (_, _keys: readonly LocalCopyKey[]) => {},
    /**
     * Typing goes to the step's autosave (on top of its latest draft) and to the step (a submitted step reopens). A
     * step staff did not reopen takes nothing: the server would refuse its save (step_locked).
     */
    editStep: enqueueActions(({ context, enqueue, self }, params: { step: StepNumber; patch: DraftData }) => {
      if (context.readonlySteps[`${params.step}`]) return;
      const children = self.getSnapshot().children;
      const latest = children[autosaveActorId(params.step)]?.getSnapshot().context.data ?? {};
      const next = { ...latest, ...params.patch };
      enqueue.sendTo(autosaveActorId(params.step), { type: 'autosave.change', data: next });
      enqueue.sendTo(stepActorId(params.step), { type: 'step.edit' });
      // A list of another length set as a whole (the owners' screen sends application.addOwner / removeOwner): the
      // owners keep their slots by place, as on a load; a slot freed or taken starts from the list the draft names.
      if (params.step !== 3 || ownerCount(next) === ownerCount(latest)) return;
      const before = slotsOf(context, children, latest);
      const after = ownerSlotsFor(before, ownerCount(next), busySlot(children));
      const known = OWNER_SLOTS.flatMap((slot) => children[ownerActorId(slot)]?.getSnapshot().context.files ?? []);
      enqueue.assign({ ownerSlots: after });
      for (const slot of OWNER_SLOTS.filter((slot) => before.includes(slot) !== after.includes(slot))) {
        enqueue.sendTo(ownerActorId(slot), { type: 'documents.show', files: filesAt(known, next, ['owners', after.indexOf(slot), OWNER_DOCUMENTS_FIELD]) });
      }
    }),
    /**
     * "Add another owner" / "Remove owner n" (docs/decisions/065-stable-owner-slots.md): the owner added takes a free
     * slot, the owner removed frees theirs; every other owner keeps their slot, with its deletion or upload under way,
     * which goes on reporting into that owner's place. A slot freed ends what it was doing for its owner (an upload:
     * the file is no one's now), and a slot taken starts empty (the `documents.show` of an empty list).
     */
    changeOwners: enqueueActions(({ context, enqueue, self }, params: { add: DraftData } | { remove: number }) => {
      if (context.readonlySteps['3']) return;
      const children = self.getSnapshot().children;
      const latest = children.autosave3?.getSnapshot().context.data ?? {};
      const owners = ownersIn(latest);
      const before = slotsOf(context, children, latest);
      let after: number[];
      let next: unknown[];
      if ('add' in params) {
        after = ownerSlotsFor(before, owners.length + 1, busySlot(children));
        // Every slot is an owner's (MAX_OWNERS): the screen offers no "add" then.
        if (after.length === before.length) return;
        next = [...owners, params.add];
      } else {
        if (params.remove < 0 || params.remove >= owners.length) return;
        after = before.filter((_, place) => place !== params.remove);
        next = owners.filter((_, place) => place !== params.remove);
      }
      enqueue.assign({ ownerSlots: after });
      for (const slot of OWNER_SLOTS.filter((slot) => before.includes(slot) !== after.includes(slot))) {
        enqueue.sendTo(ownerActorId(slot), { type: 'documents.show', files: [] });
      }
      enqueue.sendTo('autosave3', { type: 'autosave.change', data: { ...latest, owners: next } });
      enqueue.sendTo('step3', { type: 'step.edit' });
    }),
    /** A documents field's ids, written into the latest draft where the field is (a list item's field too). */
    setFiles: enqueueActions(
      ({ context, enqueue, self }, params: { step: StepNumber; path: readonly (string | number)[]; ids: readonly number[] }) => {
        if (context.readonlySteps[`${params.step}`]) return;
        const children = self.getSnapshot().children;
        const latest = children[autosaveActorId(params.step)]?.getSnapshot().context.data ?? {};
        let path = params.path;
        // An owner's field reports from its slot: the ids go to the place its owner has now in the list; a freed
        // slot's (its owner was removed) go nowhere.
        const slot = ownerIndexOf(params.step, params.path);
        if (slot !== null) {
          const place = slotsOf(context, children, latest).indexOf(slot);
          if (place === -1) return;
          path = ['owners', place, OWNER_DOCUMENTS_FIELD];
        }
        enqueue.sendTo(autosaveActorId(params.step), { type: 'autosave.change', data: setAt(latest, path, [...params.ids]) });
        enqueue.sendTo(stepActorId(params.step), { type: 'step.edit' });
      },
    ),
    /** Left a field or the step: its draft is saved now. */
    flushStep: enqueueActions(({ enqueue }, params: { step: StepNumber }) =>
      enqueue.sendTo(autosaveActorId(params.step), { type: 'autosave.flush' }),
    ),
    /** "Submit step": the step actor saves its draft, then asks the server to validate it. */
    submitStep: enqueueActions(({ enqueue }, params: { step: StepNumber }) =>
      enqueue.sendTo(stepActorId(params.step), { type: 'step.submit' }),
    ),
    /**
     * The person's answer to a version conflict goes to the step's autosave actor. "Use theirs" also takes the status
     * the server holds (the other tab may have submitted the step) and shows the documents theirs names (the other tab
     * may have uploaded them), read from the autosave's copy of theirs before it is dropped, so the step, its
     * documents and the application's progress are as the server has them. Without that, a file the other tab added
     * would be missing here, and the next upload here would write the field's list without it.
     */
    resolveConflict: enqueueActions(({ context, enqueue, self }, params: { step: StepNumber; choice: 'mine' | 'theirs' }) => {
      const children = self.getSnapshot().children;
      const autosave = children[autosaveActorId(params.step)]?.getSnapshot().context;
      enqueue.sendTo(autosaveActorId(params.step), { type: 'autosave.resolveConflict', choice: params.choice });
      const theirs = autosave?.theirs;
      if (params.choice !== 'theirs' || !theirs) return;
      if (theirs.status !== undefined) enqueue.sendTo(stepActorId(params.step), { type: 'step.serverCopy', status: theirs.status });
      const { files } = theirs;
      if (files === undefined) return;
      // `documents.replace` keeps an upload under way in the field (its file joins the list); `documents.show` starts
      // a slot afresh, for an owner only one side has.
      if (params.step === 4) {
        for (const path of [['income_documents'], ['no_income_form']]) {
          const id = documentsActorId(4, path, context.ownerSlots);
          if (id !== null) enqueue.sendTo(id, { type: 'documents.replace', files: filesAt(files, theirs.data, path) });
        }
      }
      if (params.step === 3) {
        // Their owners by place, as a load reads a draft: each slot shows its place's files, a slot left over none.
        const before = slotsOf(context, children, autosave.data);
        const after = ownerSlotsFor(before, ownerCount(theirs.data), busySlot(children));
        enqueue.assign({ ownerSlots: after });
        after.forEach((slot, place) =>
          enqueue.sendTo(ownerActorId(slot), {
            type: before.includes(slot) ? 'documents.replace' : 'documents.show',
            files: filesAt(files, theirs.data, ['owners', place, OWNER_DOCUMENTS_FIELD]),
          }),
        );
        for (const slot of before.filter((slot) => !after.includes(slot))) enqueue.sendTo(ownerActorId(slot), { type: 'documents.show', files: [] });
      }
    }),
    /**
     * The server made step 6 incomplete again when it stored the intake form: its step actor follows, as after an edit,
     * and drops the 'upload the form' error the upload just answered.
     */
    reopenIntakeStep: enqueueActions(({ enqueue }) => {
      enqueue.sendTo(stepActorId(6), { type: 'step.edit' });
      enqueue.sendTo(stepActorId(6), { type: 'step.answered', field: INTAKE_FORM_FIELD });
    }),
    tellEveryAutosave: enqueueActions(
      ({ enqueue }, params: { type: 'autosave.online' | 'autosave.offline' | 'autosave.flush' }) => {
        for (const step of STEP_NUMBERS) enqueue.sendTo(autosaveActorId(step), { type: params.type });
      },
    ),
    /** Submitted, closed or unavailable: no step, and no documents field, can change any more. */
    lockSteps: enqueueActions(({ context, enqueue }) => {
      for (const step of STEP_NUMBERS) enqueue.sendTo(stepActorId(step), { type: 'step.lock' });
      // A field of a step read-only from the start is already locked (its final state): it takes nothing more.
      if (!context.readonlySteps['4']) {
        enqueue.sendTo('documentsIncome', { type: 'documents.lock' });
        enqueue.sendTo('documentsNoIncome', { type: 'documents.lock' });
      }
      if (!context.readonlySteps['3']) for (const index of OWNER_SLOTS) enqueue.sendTo(ownerActorId(index), { type: 'documents.lock' });
    }),
    // Slots: what follows a sending in the SPA (src/actors/application.ts): the confirmation page, and the
    // application's data read again (the server's status, dates and lists changed).
    showConfirmation: (_, _params: { id: number }) => {},
    reloadApplication: (_, _params: { id: number }) => {},
    setStepStatus: assign(({ context }, params: { key: StepKey; status: ApplicationContext['steps'][StepKey] }) => ({
      steps: { ...context.steps, [params.key]: params.status },
    })),
    /** The applicant's sending took the application where the table says (submitted, or in review after a change request). */
    recordSending: assign(({ context }) => ({ status: statusAfterSending(context.status) ?? context.status })),
    clearError: assign({ error: null }),
    refuseIncomplete: assign({ error: { code: 'steps_incomplete' as const, body: null } }),
    keepError: assign((_, params: { error: unknown }) => ({ error: toApplicationError(params.error) })),
  },
  guards: {
    // The applicant's phase of the loaded status (shared/review-lifecycle.ts applicantPhase): a withdrawn program hides
    // everything; an application with staff (waiting, in review, decided) is sent; a closed application, or a draft
    // whose program closed, is closed; a change request is answered whatever the deadline.
    programUnavailable: ({ context }) => applicantPhase(context.status, context.programStatus) === 'unavailable',
    loadedClosed: ({ context }) => applicantPhase(context.status, context.programStatus) === 'closed',
    /** What the applicant sees of staff's review in the status as known (the table's `review` column). */
    reviewIs: ({ context }, params: { review: ApplicantReview }) => applicantReview(context.status) === params.review,
    /** Where the applicant's sending takes the status, as the applicant will see it (the table: waiting, or in review). */
    sendingLeadsTo: ({ context }, params: { review: ApplicantReview }) =>
      applicantReview(statusAfterSending(context.status) ?? context.status) === params.review,
    allStepsSubmitted: ({ context }) => allStepsSubmitted(context.steps),
    completesAllSteps: ({ context }, params: { key: StepKey; status: ApplicationContext['steps'][StepKey] }) =>
      allStepsSubmitted({ ...context.steps, [params.key]: params.status }),
    isApplicationClosed: (_, params: { error: unknown }) => toApplicationError(params.error).code === 'application_closed',
    isProgramUnavailable: (_, params: { error: unknown }) => toApplicationError(params.error).code === 'program_unavailable',
    isAlreadySubmitted: (_, params: { error: unknown }) => toApplicationError(params.error).code === 'application_submitted',
    /** Another tab sent the changes first: back in review all the same. */
    isAlreadyResubmitted: ({ context }, params: { error: unknown }) =>
      toApplicationError(params.error).code === 'application_submitted' &&
      applicantReview(statusAfterSending(context.status) ?? context.status) === 'in_review',
    /** Staff's change request is what the applicant is answering (the table's `review` of the status). */
    answersChangeRequest: ({ context }) => applicantReview(context.status) === 'changes_requested',
  },
}).createMachine({
  id: 'application',
  description:
    "The applicant's whole workflow on one application: a draft (or a change request answered) until its six steps are submitted and it is sent; then staff's review as the applicant sees it. It invokes a step and an autosave actor per step (step1..6, autosave1..6), the intake-form upload and a documents actor per documents field, and relays to them what the person and the browser do.",
  context: ({ input }) => ({
    id: input.id,
    programStatus: input.programStatus,
    status: input.status,
    loaded: {
      steps: input.steps,
      intakeForm: input.intakeForm,
      maxUploadBytes: input.maxUploadBytes,
      files: input.files,
      maxDocumentsPerField: input.maxDocumentsPerField,
    },
    steps: {
      '1': input.steps['1'].status,
      '2': input.steps['2'].status,
      '3': input.steps['3'].status,
      '4': input.steps['4'].status,
      '5': input.steps['5'].status,
      '6': input.steps['6'].status,
    },
    readonlySteps: readonlyStepsOf(input),
    // Deterministic on every load: the draft's owner n (as the step's autosave starts) has slot n.
    ownerSlots: ownerSlotsFor([], ownerCount(planDraft(input.steps['3'], input.steps['3'].localCopy, readonlyStepsOf(input)['3']).data)),
    error: null,
  }),
  // The children it always has, invoked so that the Stately editor draws them and the model tests see them (the
  // autosaves' systemIds are autosaveSystemId(n): the step's flush finds its sibling by it; literals here for the
  // editor). Each autosave starts from the server's draft or this device's newer local copy (planDraft); each step
  // read-only when the application is or staff did not reopen it.
  invoke: [
    { id: 'autosave1', systemId: 'autosave-1', src: 'autosave', input: ({ context }) => autosaveInputOf(context, 1) },
    { id: 'autosave2', systemId: 'autosave-2', src: 'autosave', input: ({ context }) => autosaveInputOf(context, 2) },
    { id: 'autosave3', systemId: 'autosave-3', src: 'autosave', input: ({ context }) => autosaveInputOf(context, 3) },
    { id: 'autosave4', systemId: 'autosave-4', src: 'autosave', input: ({ context }) => autosaveInputOf(context, 4) },
    { id: 'autosave5', systemId: 'autosave-5', src: 'autosave', input: ({ context }) => autosaveInputOf(context, 5) },
    { id: 'autosave6', systemId: 'autosave-6', src: 'autosave', input: ({ context }) => autosaveInputOf(context, 6) },
    { id: 'step1', src: 'step', input: ({ context }) => stepInputOf(context, 1) },
    { id: 'step2', src: 'step', input: ({ context }) => stepInputOf(context, 2) },
    { id: 'step3', src: 'step', input: ({ context }) => stepInputOf(context, 3) },
    { id: 'step4', src: 'step', input: ({ context }) => stepInputOf(context, 4) },
    { id: 'step5', src: 'step', input: ({ context }) => stepInputOf(context, 5) },
    { id: 'step6', src: 'step', input: ({ context }) => stepInputOf(context, 6) },
    {
      id: 'upload',
      src: 'upload',
      input: ({ context }) => ({
        target: { kind: 'intake_form' as const, applicationId: context.id },
        maxBytes: context.loaded.maxUploadBytes,
        stored: context.loaded.intakeForm,
      }),
    },
    // One documents actor per documents field (machines/documents): step 4's, and one slot per owner the step takes
    // (an owner keeps theirs for the life of the draft: `ownerSlots`; slot n starts with the loaded owner n's files);
    // each tells this machine its ids with sendParent (application.setFiles).
    { id: 'documentsIncome', src: 'documents', input: ({ context }) => documentsInputOf(context, 4, ['income_documents'], 'income_document') },
    { id: 'documentsNoIncome', src: 'documents', input: ({ context }) => documentsInputOf(context, 4, ['no_income_form'], 'no_income_form') },
    { id: 'documentsOwner0', src: 'documents', input: ({ context }) => documentsInputOf(context, 3, ['owners', 0, 'id_files'], 'owner_id') },
    { id: 'documentsOwner1', src: 'documents', input: ({ context }) => documentsInputOf(context, 3, ['owners', 1, 'id_files'], 'owner_id') },
    { id: 'documentsOwner2', src: 'documents', input: ({ context }) => documentsInputOf(context, 3, ['owners', 2, 'id_files'], 'owner_id') },
    { id: 'documentsOwner3', src: 'documents', input: ({ context }) => documentsInputOf(context, 3, ['owners', 3, 'id_files'], 'owner_id') },
    { id: 'documentsOwner4', src: 'documents', input: ({ context }) => documentsInputOf(context, 3, ['owners', 4, 'id_files'], 'owner_id') },
    { id: 'documentsOwner5', src: 'documents', input: ({ context }) => documentsInputOf(context, 3, ['owners', 5, 'id_files'], 'owner_id') },
    { id: 'documentsOwner6', src: 'documents', input: ({ context }) => documentsInputOf(context, 3, ['owners', 6, 'id_files'], 'owner_id') },
    { id: 'documentsOwner7', src: 'documents', input: ({ context }) => documentsInputOf(context, 3, ['owners', 7, 'id_files'], 'owner_id') },
    { id: 'documentsOwner8', src: 'documents', input: ({ context }) => documentsInputOf(context, 3, ['owners', 8, 'id_files'], 'owner_id') },
    { id: 'documentsOwner9', src: 'documents', input: ({ context }) => documentsInputOf(context, 3, ['owners', 9, 'id_files'], 'owner_id') },
    { id: 'documentsOwner10', src: 'documents', input: ({ context }) => documentsInputOf(context, 3, ['owners', 10, 'id_files'], 'owner_id') },
    { id: 'documentsOwner11', src: 'documents', input: ({ context }) => documentsInputOf(context, 3, ['owners', 11, 'id_files'], 'owner_id') },
    { id: 'documentsOwner12', src: 'documents', input: ({ context }) => documentsInputOf(context, 3, ['owners', 12, 'id_files'], 'owner_id') },
    { id: 'documentsOwner13', src: 'documents', input: ({ context }) => documentsInputOf(context, 3, ['owners', 13, 'id_files'], 'owner_id') },
    { id: 'documentsOwner14', src: 'documents', input: ({ context }) => documentsInputOf(context, 3, ['owners', 14, 'id_files'], 'owner_id') },
    { id: 'documentsOwner15', src: 'documents', input: ({ context }) => documentsInputOf(context, 3, ['owners', 15, 'id_files'], 'owner_id') },
    { id: 'documentsOwner16', src: 'documents', input: ({ context }) => documentsInputOf(context, 3, ['owners', 16, 'id_files'], 'owner_id') },
    { id: 'documentsOwner17', src: 'documents', input: ({ context }) => documentsInputOf(context, 3, ['owners', 17, 'id_files'], 'owner_id') },
    { id: 'documentsOwner18', src: 'documents', input: ({ context }) => documentsInputOf(context, 3, ['owners', 18, 'id_files'], 'owner_id') },
    { id: 'documentsOwner19', src: 'documents', input: ({ context }) => documentsInputOf(context, 3, ['owners', 19, 'id_files'], 'owner_id') },
  ],
  // Relays to the children. A locked step ignores what it is sent, so these need no guard of their own.
  on: {
    'application.edit': { actions: { type: 'editStep', params: ({ event }) => ({ step: event.step, patch: event.patch }) } },
    'application.addOwner': { actions: { type: 'changeOwners', params: ({ event }) => ({ add: event.owner }) } },
    'application.removeOwner': { actions: { type: 'changeOwners', params: ({ event }) => ({ remove: event.index }) } },
    'application.setFiles': {
      actions: { type: 'setFiles', params: ({ event }) => ({ step: event.step, path: event.path, ids: event.ids }) },
    },
    'application.flushStep': { actions: { type: 'flushStep', params: ({ event }) => ({ step: event.step }) } },
    'application.submitStep': { actions: { type: 'submitStep', params: ({ event }) => ({ step: event.step }) } },
    'application.resolveConflict': {
      actions: { type: 'resolveConflict', params: ({ event }) => ({ step: event.step, choice: event.choice }) },
    },
    'application.intakeFormUploaded': { actions: 'reopenIntakeStep' },
    'application.online': { actions: { type: 'tellEveryAutosave', params: { type: 'autosave.online' } } },
    'application.offline': { actions: { type: 'tellEveryAutosave', params: { type: 'autosave.offline' } } },
    // Hiding or closing the page, or leaving the application's screens, sends every pending draft now.
    'application.hidden': { actions: { type: 'tellEveryAutosave', params: { type: 'autosave.flush' } } },
  },
  initial: 'init',
  states: {
    init: {
      description: 'Transient: starts where the loaded application and its program say (the lifecycle table).',
      // After the children are invoked (the root's invocations start before its first state is entered).
      entry: ['restoreLocalCopies', { type: 'discardLocalCopies', params: staleLocalCopies }],
      always: [
        // A withdrawn program hides everything under it, submitted applications included.
        { guard: 'programUnavailable', target: 'unavailable' },
        // Sent: what the applicant sees of staff's review (shared/review-lifecycle.ts APPLICANT_SIDE `review`).
        { guard: { type: 'reviewIs', params: { review: 'decided' } }, target: 'submitted.decided' },
        { guard: { type: 'reviewIs', params: { review: 'in_review' } }, target: 'submitted.inReview' },
        { guard: { type: 'reviewIs', params: { review: 'waiting' } }, target: 'submitted.waiting' },
        { guard: 'loadedClosed', target: 'closed' },
        { guard: and(['answersChangeRequest', 'allStepsSubmitted']), target: 'changesRequested.ready' },
        { guard: { type: 'reviewIs', params: { review: 'changes_requested' } }, target: 'changesRequested.incomplete' },
        { guard: 'allStepsSubmitted', target: 'draft.ready' },
        { target: 'draft.incomplete' },
      ],
    },
    draft: {
      description: 'Being filled in; the applicant can leave and come back at any time.',
      initial: 'incomplete',
      on: {
        'application.stepChanged': [
          {
            guard: { type: 'completesAllSteps', params: stepChangeOf },
            target: '.ready',
            actions: [{ type: 'setStepStatus', params: stepChangeOf }, 'clearError'],
          },
          {
            target: '.incomplete',
            actions: [{ type: 'setStepStatus', params: stepChangeOf }, 'clearError'],
          },
        ],
      },
      states: {
        incomplete: {
          description: 'Some step is still incomplete: submitting is refused with steps_incomplete.',
          on: {
            'application.submit': { actions: 'refuseIncomplete' },
          },
        },
        ready: {
          description: 'All six steps are submitted: the application can be submitted.',
          on: {
            'application.submit': { target: 'confirming', actions: 'clearError' },
          },
        },
        confirming: {
          description:
            'The person is asked to confirm: once sent, the application cannot be changed. Nothing is sent until they do.',
          on: {
            'application.confirmSubmit': { target: '#application.submitting' },
            'application.cancelSubmit': { target: 'ready' },
            // The question stands while every step stays submitted; a step that became incomplete withdraws it.
            'application.stepChanged': [
              { guard: { type: 'completesAllSteps', params: stepChangeOf }, actions: { type: 'setStepStatus', params: stepChangeOf } },
              { target: 'incomplete', actions: [{ type: 'setStepStatus', params: stepChangeOf }, 'clearError'] },
            ],
          },
        },
      },
    },
    changesRequested: {
      description:
        "Staff's change request, being answered: only the steps staff reopened can change (readonlySteps), whatever the program's deadline; sending it again takes the application back to review.",
      initial: 'incomplete',
      on: {
        'application.stepChanged': [
          {
            guard: { type: 'completesAllSteps', params: stepChangeOf },
            target: '.ready',
            actions: [{ type: 'setStepStatus', params: stepChangeOf }, 'clearError'],
          },
          {
            target: '.incomplete',
            actions: [{ type: 'setStepStatus', params: stepChangeOf }, 'clearError'],
          },
        ],
      },
      states: {
        incomplete: {
          description: 'A reopened step is still incomplete: sending is refused with steps_incomplete.',
          on: {
            'application.submit': { actions: 'refuseIncomplete' },
          },
        },
        ready: {
          description: 'Every step is submitted again: the application can be sent back to staff.',
          on: {
            'application.submit': { target: 'confirming', actions: 'clearError' },
          },
        },
        confirming: {
          description: 'The person is asked to confirm sending the changes. Nothing is sent until they do.',
          on: {
            'application.confirmSubmit': { target: '#application.submitting' },
            'application.cancelSubmit': { target: 'ready' },
            'application.stepChanged': [
              { guard: { type: 'completesAllSteps', params: stepChangeOf }, actions: { type: 'setStepStatus', params: stepChangeOf } },
              { target: 'incomplete', actions: [{ type: 'setStepStatus', params: stepChangeOf }, 'clearError'] },
            ],
          },
        },
      },
    },
    submitting: {
      description: 'Sending the application (the first time, or again after a change request).',
      tags: ['busy'],
      invoke: {
        id: 'submitApplication',
        src: 'submitApplication',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          // A change request answered goes straight back to the reviewer who asked for it (the table's `resubmit`).
          {
            guard: { type: 'sendingLeadsTo', params: { review: 'in_review' } },
            target: 'submitted.inReview',
            actions: ['recordSending', { type: 'showConfirmation', params: idOf }, { type: 'reloadApplication', params: idOf }],
          },
          {
            target: 'submitted.waiting',
            actions: ['recordSending', { type: 'showConfirmation', params: idOf }, { type: 'reloadApplication', params: idOf }],
          },
        ],
        onError: [
          {
            guard: { type: 'isApplicationClosed', params: errorOf },
            target: 'closed',
            actions: [{ type: 'keepError', params: errorOf }, { type: 'reloadApplication', params: idOf }],
          },
          {
            guard: { type: 'isProgramUnavailable', params: errorOf },
            target: 'unavailable',
            actions: [{ type: 'keepError', params: errorOf }, { type: 'reloadApplication', params: idOf }],
          },
          // Another tab sent it first: the application is sent all the same.
          {
            guard: { type: 'isAlreadyResubmitted', params: errorOf },
            target: 'submitted.inReview',
            actions: ['recordSending', { type: 'keepError', params: errorOf }, { type: 'showConfirmation', params: idOf }, { type: 'reloadApplication', params: idOf }],
          },
          {
            guard: { type: 'isAlreadySubmitted', params: errorOf },
            target: 'submitted.waiting',
            actions: ['recordSending', { type: 'keepError', params: errorOf }, { type: 'showConfirmation', params: idOf }, { type: 'reloadApplication', params: idOf }],
          },
          {
            guard: and(['answersChangeRequest', 'allStepsSubmitted']),
            target: 'changesRequested.ready',
            actions: { type: 'keepError', params: errorOf },
          },
          {
            guard: { type: 'reviewIs', params: { review: 'changes_requested' } },
            target: 'changesRequested.incomplete',
            actions: { type: 'keepError', params: errorOf },
          },
          {
            guard: 'allStepsSubmitted',
            target: 'draft.ready',
            actions: { type: 'keepError', params: errorOf },
          },
          { target: 'draft.incomplete', actions: { type: 'keepError', params: errorOf } },
        ],
      },
      on: {
        // Kept, so that a failed submit returns to a draft that shows the steps as they are.
        'application.stepChanged': {
          actions: { type: 'setStepStatus', params: stepChangeOf },
        },
      },
    },
    submitted: {
      entry: 'lockSteps',
      description:
        "Sent to staff: read-only (a confirmation e-mail is on its way); the applicant follows staff's review. Staff's moves happen on the server: the next load starts in the state they led to.",
      tags: ['readonly'],
      initial: 'waiting',
      states: {
        waiting: {
          description: 'Application has been submitted: waiting for staff to start the review.',
          type: 'final',
        },
        inReview: {
          description: 'Staff are reviewing it (also right after a change request was answered).',
          type: 'final',
        },
        decided: {
          description: "Staff decided (approved, rejected or waitlisted): the applicant reads the decision and its reason.",
          type: 'final',
        },
      },
    },
    closed: {
      type: 'final',
      entry: 'lockSteps',
      description: 'Application has been closed: its program closed before it was submitted; read-only.',
      tags: ['readonly'],
    },
    unavailable: {
      entry: 'lockSteps',
      description: 'Program Unavailable: the program was withdrawn or hidden; nothing can be done here.',
      tags: ['readonly'],
    },
  },
});

export type ApplicationMachine = typeof applicationMachine;
