// The applicant side of the lifecycle table (shared/review-lifecycle.ts, docs/decisions/045-one-lifecycle-table.md)
// against every part that answers from it: the server's write check (assertWritable) and action (applicationAction),
// the application machine's first state, editable steps and submit, and My Programs' offer. Every status x program
// status x step states x reopened steps x step is asked of each; any disagreement fails here.
import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { applicationMachine } from '#machines/application/application.machine.ts';
import {
  selectApplicationState,
  selectCanSubmit,
  selectIsChangeRequestOpen,
  selectIsDecided,
  selectIsStepEditable,
  selectReadonlyBanner,
  selectReviewOutcome,
} from '#machines/application/application.selectors.ts';
import type { ApplicationInput, LoadedStep, SubmitApplicationInput, SubmitApplicationOutput } from '#machines/application/application.types.ts';
import { AppError } from '#server/http/errors.ts';
import { assertWritable, type WriteFacts } from '#server/applications/access.ts';
import { applicationAction, programStatus } from '#server/programs/status.ts';
import { STEP_NUMBERS, type StepNumber } from '#shared/application-constants.ts';
import { PROGRAM_STATUS_VALUES } from '#shared/contract-enums.ts';
import {
  APPLICANT_SIDE,
  APPLICATION_STATUSES,
  applicantOffer,
  applicantPhase,
  applicantReview,
  applicantWriteRefusal,
  eventsFrom,
  isDecided,
  myProgramsOffer,
  statusAfterSending,
  type ApplicationStatus,
  type ProgramStatus,
  type StepStatus,
} from '#shared/review-lifecycle.ts';

const NOW = new Date('2026-06-01T12:00:00Z');
const OWNER = { id: 7, isStaff: false };

/** A program row that reads as `status` at NOW: a closed program is one whose deadline passed. */
const programRow = (status: ProgramStatus): WriteFacts['program'] => ({
  status: status === 'unavailable' ? 'unavailable' : 'open',
  application_deadline: status === 'closed' ? new Date('2026-05-01T00:00:00Z') : new Date('2026-07-01T00:00:00Z'),
});

/** The error code assertWritable throws, or null when it lets the write through. */
function serverRefusal(status: ApplicationStatus, program: ProgramStatus, reopened: readonly number[], step: number | undefined): string | null {
  try {
    assertWritable({ application: { user_id: OWNER.id, status, change_steps: [...reopened] }, program: programRow(program) }, OWNER, NOW, step);
    return null;
  } catch (error) {
    if (error instanceof AppError) return String(error.body.code);
    throw error;
  }
}

/** The step states a case loads with: none submitted, some (the reopened ones not), every one. */
const STEP_STATES: Record<string, readonly StepNumber[]> = { none: [], some: [1, 2, 4, 5], all: [...STEP_NUMBERS] };
/** The steps staff reopened: none, two, every one. */
const REOPENED: readonly (readonly StepNumber[])[] = [[], [3, 6], [...STEP_NUMBERS]];

const loaded = (status: StepStatus, version: number): LoadedStep => ({ status, data: {}, version, localCopy: null });

function inputOf(status: ApplicationStatus, program: ProgramStatus, submitted: readonly StepNumber[], reopened: readonly StepNumber[]): ApplicationInput {
  const step = (n: StepNumber) => loaded(submitted.includes(n) ? 'submitted' : 'incomplete', submitted.includes(n) ? 1 : 0);
  return {
    id: 41,
    status,
    programStatus: program,
    steps: { '1': step(1), '2': step(2), '3': step(3), '4': step(4), '5': step(5), '6': step(6) },
    reopenedSteps: reopened,
    intakeForm: null,
    maxUploadBytes: 1024,
    files: [],
    maxDocumentsPerField: 10,
  };
}

const PHASE_STATE = { editing: 'draft', sent: 'submitted', closed: 'closed', unavailable: 'unavailable' } as const;
/** The machine's state for each value of the table's `review` column. */
const REVIEW_OUTCOME = { none: 'none', changes_requested: 'changesRequested', waiting: 'waiting', in_review: 'inReview', decided: 'decided' } as const;

// Hundreds of machines with their children: more than Vitest's default 5 s on a busy two-core machine.
describe('the applicant side of the lifecycle table', { timeout: 120_000 }, () => {
  it('has a row per status, and lets the applicant edit exactly where they may send', () => {
    expect(Object.keys(APPLICANT_SIDE).sort()).toEqual([...APPLICATION_STATUSES].sort());
    for (const status of APPLICATION_STATUSES) {
      const row = APPLICANT_SIDE[status];
      expect(row.edits !== 'none', status).toBe(eventsFrom(status, 'applicant').length > 0);
      expect(row.offer === 'steps', status).toBe(row.edits !== 'none');
      expect(statusAfterSending(status) !== null, status).toBe(row.edits !== 'none');
    }
  });

  it('the server, the machine and My Programs give the table\'s answer for every status, program, step state and step', () => {
    let cases = 0;
    for (const status of APPLICATION_STATUSES) {
      for (const program of PROGRAM_STATUS_VALUES) {
        expect(programStatus(programRow(program), NOW)).toBe(program);
        for (const [statesName, submitted] of Object.entries(STEP_STATES)) {
          for (const reopened of REOPENED) {
            const label = `${status} / program ${program} / ${statesName} submitted / reopened [${reopened.join(',')}]`;
            const actor = createActor(applicationMachine, { input: inputOf(status, program, submitted, reopened) }).start();
            const snapshot = actor.getSnapshot();

            // The first state: the table's phase.
            const phase = applicantPhase(status, program);
            // Answering staff's change request is a state of its own; sent, the review as the applicant sees it.
            const answering = phase === 'editing' && applicantReview(status) === 'changes_requested';
            expect(selectApplicationState(snapshot), label).toBe(answering ? 'changesRequested' : PHASE_STATE[phase]);
            expect(selectReviewOutcome(snapshot), label).toBe(phase === 'editing' || phase === 'sent' ? REVIEW_OUTCOME[applicantReview(status)] : 'none');

            // Each step: the server's write check, the table, the machine's editable step.
            for (const step of STEP_NUMBERS) {
              const table = applicantWriteRefusal(status, program, step, reopened);
              expect(serverRefusal(status, program, reopened, step), `${label} / step ${step}`).toBe(table);
              expect(selectIsStepEditable(snapshot, step), `${label} / step ${step}`).toBe(table === null);
              cases += 1;
            }

            // The whole application (its submit): the server and the table; the machine offers submit only then.
            const whole = applicantWriteRefusal(status, program, undefined, reopened);
            expect(serverRefusal(status, program, reopened, undefined), label).toBe(whole);
            expect(selectCanSubmit(snapshot), label).toBe(whole === null && submitted.length === STEP_NUMBERS.length);

            // My Programs: the server's action read back by the view is the table's offer.
            const steps = STEP_NUMBERS.map((n) => ({ status: submitted.includes(n) ? ('submitted' as const) : ('incomplete' as const), version: submitted.includes(n) ? 1 : 0 }));
            const offer = applicantOffer(status, program, steps);
            expect(myProgramsOffer(applicationAction(status, program, steps), program), label).toBe(offer);
            expect(offer === 'start' || offer === 'continue' || offer === 'submit', label).toBe(phase === 'editing');

            // What the applicant's screens read of staff's review: the machine's selectors, from the status.
            expect(selectIsDecided(snapshot), label).toBe(phase === 'sent' && isDecided(status));
            expect(selectIsChangeRequestOpen(snapshot), label).toBe(phase === 'editing' && APPLICANT_SIDE[status].edits === 'reopened');
            expect(selectReadonlyBanner(snapshot), label).toBe(
              phase === 'sent' ? (isDecided(status) ? 'decided' : 'submitted') : phase === 'closed' ? 'closed' : null,
            );
            actor.stop();
          }
        }
      }
    }
    expect(cases).toBe(APPLICATION_STATUSES.length * PROGRAM_STATUS_VALUES.length * 3 * REOPENED.length * STEP_NUMBERS.length);
  });

  it('a change request is answered whatever the deadline, only on the reopened steps; a withdrawn program stops it', () => {
    expect(applicantWriteRefusal('changes_requested', 'closed', 3, [3])).toBeNull();
    expect(applicantWriteRefusal('changes_requested', 'closed', 2, [3])).toBe('step_locked');
    expect(applicantWriteRefusal('changes_requested', 'unavailable', 3, [3])).toBe('program_unavailable');
    expect(applicantWriteRefusal('draft', 'closed', 1, [])).toBe('application_closed');
    // Staff's whatever the program: an application in review of a withdrawn program is still "submitted".
    expect(applicantWriteRefusal('in_review', 'unavailable', 1, [])).toBe('application_submitted');
  });

  it('the machine records where the applicant\'s sending took the application (resubmitting goes back to review)', async () => {
    for (const [status, expected] of [['draft', 'submitted'], ['changes_requested', 'in_review']] as const) {
      // The server answers what the table says; the machine's own record must say the same.
      const machine = applicationMachine.provide({ actors: { submitApplication: fromPromise<SubmitApplicationOutput, SubmitApplicationInput>(async () => ({ status: expected })) } });
      const actor = createActor(machine, { input: inputOf(status, 'open', [...STEP_NUMBERS], [3]) }).start();
      actor.send({ type: 'application.submit' });
      actor.send({ type: 'application.confirmSubmit' });
      const sent = await waitFor(actor, (snapshot) => snapshot.matches('submitted'));
      expect(sent.context.status).toBe(expected);
      expect(statusAfterSending(status)).toBe(expected);
      actor.stop();
    }
  });
});
