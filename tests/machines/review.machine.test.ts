// The review machine (docs/decisions/028-review-lifecycle.md, 035): its literal config checked against the lifecycle
// table of shared/review-lifecycle.ts (the two cannot drift), then model-based paths: the shortest path to every state
// of the model, driven on a real actor whose operation actors the test settles with the server's answers (or a
// refusal), checking after each step that the actor is where the model is, with the same context, the command each
// operation sent, what staff's screen is offered, and that every refused event (the wrong side, a blank reason or
// message, no step, a document not in the checklist) changes nothing. tests/server/review-paths.test.ts walks the
// lifecycle's paths against the API.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyStateNode } from 'xstate';
import { approvalStepOf, dutyConflictOf, reviewMachine, unverifiedDocuments } from '#machines/review/review.machine.ts';
import { selectAsking, selectDocumentActions, selectIsBusy, selectReviewNotes, selectReviewerId, selectStaffActions, selectStatus } from '#machines/review/review.selectors.ts';
import type { ReviewAnswer, ReviewCommand } from '#machines/review/review.types.ts';
import { APPLICATION_STATUSES, LIFECYCLE, LIFECYCLE_EVENTS, eventsFrom, type ApplicationStatus } from '#shared/review-lifecycle.ts';
import {
  APPLICANT_ID,
  DOCUMENT_EVENTS,
  REASON,
  STAFF_ID,
  answerOf,
  INTAKE_FILE,
  OTHER_REVIEWER_ID,
  REFUSED_EVENTS,
  REVIEW_INPUT,
  SENDING_ACTORS,
  VALID_EVENTS,
  answerEvents,
  reviewModel,
  reviewPaths,
  sendingState,
  stateKey,
  type ModelEvent,
} from '../support/review-model.ts';
import { selectPaths } from './support/path-selection.ts';

const REFUSAL = { detail: 'That review step is not possible now.', code: 'review_not_allowed' };

const targetsOf = (node: AnyStateNode, event: string): string[] => (node.on[event] ?? []).flatMap((transition) => (transition.target ?? []).map((target) => target.id));

describe('review machine: the config is the lifecycle table', () => {
  const root = reviewMachine.root;
  const sending = root.states.sending;

  it('has a state per status, plus loading and sending', () => {
    expect(Object.keys(root.states).sort()).toEqual([...APPLICATION_STATUSES, 'loading', 'sending'].sort());
    expect(Object.keys(sending?.states ?? {}).sort()).toEqual(Object.keys(SENDING_ACTORS).sort());
  });

  it.each(APPLICATION_STATUSES)('%s takes exactly the table rows from it, to the status the table names', (status) => {
    const node = root.states[status];
    if (!node || !sending) throw new Error(`no state ${status}`);
    const handled = Object.keys(node.on).filter((event) => event in LIFECYCLE);
    expect(handled.sort()).toEqual(LIFECYCLE_EVENTS.filter((event) => (LIFECYCLE[event].from as readonly string[]).includes(status)).sort());
    for (const event of handled) {
      const to = LIFECYCLE[event as keyof typeof LIFECYCLE].to;
      const [target, ...others] = targetsOf(node, event);
      // An approval the program wants confirmed is proposed first (docs/decisions/036-review-rules.md): the status
      // stays until another staff member's confirm_approval, whose answer enters the table's status.
      if (event === 'approve') {
        expect(others).toEqual(['review.sending.proposingApproval']);
        expect(targetsOf(sending.states.proposingApproval!, 'xstate.done.actor.decide')).toEqual(['review.loading']);
        expect(targetsOf(node, 'confirm_approval')).toEqual(['review.sending.confirmingApproval']);
        expect(targetsOf(sending.states.confirmingApproval!, 'xstate.done.actor.confirmApproval')).toEqual([`review.${to}`]);
      } else expect(others).toEqual([]);
      if (target === `review.${to}`) continue; // the applicant's events: staff's screen hears of them on the next read
      // A staff event goes through the sending state of its operation, whose answer enters the table's status.
      const step = target?.replace('review.sending.', '') as keyof typeof SENDING_ACTORS;
      const stepNode = sending.states[step];
      if (!stepNode) throw new Error(`${status} ${event} goes to ${target}`);
      expect(stepNode.invoke.map((invoke) => invoke.src)).toEqual([SENDING_ACTORS[step]]);
      expect(targetsOf(stepNode, `xstate.done.actor.${SENDING_ACTORS[step]}`)).toEqual([`review.${to}`]);
      expect(targetsOf(stepNode, `xstate.error.actor.${SENDING_ACTORS[step]}`)).toEqual(['review.loading']);
    }
  });
});

/** A real actor whose operation actors wait for the test to answer. */
function createWorld() {
  const calls: Array<{ src: string; input: ReviewCommand; resolve: (answer: ReviewAnswer) => void; reject: (error: unknown) => void }> = [];
  const reports: ReviewCommand[] = [];
  const operation = (src: string) =>
    fromPromise<ReviewAnswer, ReviewCommand>(({ input }) => new Promise((resolve, reject) => calls.push({ src, input, resolve, reject })));
  const actor = createActor(
    reviewMachine.provide({
      actors: Object.fromEntries([...new Set(Object.values(SENDING_ACTORS))].map((src) => [src, operation(src)])),
      actions: { reportDone: (_, { command }) => void (command && reports.push(command)) },
    }),
    { input: REVIEW_INPUT },
  ).start();
  return { actor, calls, reports };
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The rules' facts as the application is read again (docs/decisions/036-review-rules.md), offered where they matter:
 * the viewer owns a submitted application; in review, the program wants a second person, or another staff member
 * proposed the approval.
 */
function rulesRead(snapshot: Parameters<Parameters<typeof reviewModel>[0]>[0]): ModelEvent[] {
  const now = answerOf(snapshot.context);
  const status = selectStatus(snapshot);
  if (status === 'submitted') return [{ type: 'review.loaded', application: { ...now, duty_owner_ids: [APPLICANT_ID, STAFF_ID] } }];
  if (status !== 'in_review' || snapshot.context.needsConfirmation || unverifiedDocuments(snapshot.context).length > 0) return [];
  return [
    { type: 'review.loaded', application: { ...now, approval_needs_confirmation: true } },
    { type: 'review.loaded', application: { ...now, approval_needs_confirmation: true, approval: { proposed_by: { id: OTHER_REVIEWER_ID }, reason: REASON, confirmed_by: null } } },
  ];
}

describe('review machine: generated paths', () => {
  // Each sample where it adds a behaviour (elsewhere the refused events already show it changes nothing), so the
  // model stays a few hundred states: the reviewer and the declarations before the review starts, the dialogs in review.
  const events = (snapshot: Parameters<Parameters<typeof reviewModel>[0]>[0]): ModelEvent[] => {
    const sending = sendingState(snapshot);
    const status = selectStatus(snapshot);
    return [
      ...VALID_EVENTS,
      ...(status === 'in_review' ? DOCUMENT_EVENTS : []),
      ...(status === 'submitted'
        ? ([
            { type: 'assign_reviewer', by: 'staff', reviewerId: OTHER_REVIEWER_ID },
            { type: 'declare_conflict', by: 'staff', conflict: false },
            { type: 'declare_conflict', by: 'staff', conflict: true },
          ] as const)
        : []),
      { type: 'confirm_approval', by: 'staff' },
      ...rulesRead(snapshot),
      ...(status === 'in_review' && snapshot.context.error === null
        ? ([{ type: 'review.ask', dialog: 'decide' }, { type: 'review.ask', dialog: 'reject_document', fileId: INTAKE_FILE }, { type: 'review.cancel' }] as const)
        : []),
      ...(snapshot.context.error === null ? [] : [{ type: 'review.dismiss' } as const]),
      ...answerEvents(snapshot),
      ...(sending === null ? [] : [{ type: `xstate.error.actor.${SENDING_ACTORS[sending]}`, error: { status: 409, body: REFUSAL } } as const]),
    ];
  };
  const whole = reviewModel(events).getShortestPaths();
  // The CI-size selection: every step the whole set takes between statuses, and a spread tenth of the rest
  // (PATHS_ALL=1 walks them all; tests/machines/support/path-selection.ts).
  const paths = selectPaths(whole, { stateKey: (state) => JSON.stringify([state.value, (state.context as (typeof whole)[number]['state']['context']).loadedStatus]) });
  const visited = new Set<string>();
  const transitions = new Set<string>();

  it('explores a bounded model', () => {
    expect(whole.length).toBeGreaterThan(20);
    expect(whole.length).toBeLessThan(3000);
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type.replace('xstate.done.actor.', 'answer:').replace('xstate.error.actor.', 'refused:')).join(' > '), path] as const))(
    '%s',
    async (_name, path) => {
      const { actor, calls, reports } = createWorld();
      let status: ApplicationStatus | null = selectStatus(actor.getSnapshot());
      expect(status).toBe('draft');
      let sent = 0;
      const answered: ReviewCommand[] = [];
      for (const step of path.steps) {
        const event = step.event as ModelEvent;
        const before = actor.getSnapshot();
        // Every refused event changes nothing here.
        for (const refused of REFUSED_EVENTS) {
          expect(before.can(refused), `${JSON.stringify(before.value)}: ${JSON.stringify(refused)}`).toBe(false);
          actor.send(refused);
          expect(actor.getSnapshot().value).toEqual(before.value);
          expect(actor.getSnapshot().context).toEqual(before.context);
        }
        if (event.type.startsWith('xstate.done.actor.') && 'output' in event) {
          if (before.context.command) answered.push(before.context.command);
          calls.at(-1)?.resolve(event.output);
        } else if (event.type.startsWith('xstate.error.actor.') && 'error' in event) {
          calls.at(-1)?.reject(event.error);
        } else {
          if (status !== null && event.type in LIFECYCLE && before.can(event as never)) transitions.add(`${status}:${event.type}`);
          actor.send(event as never);
        }
        await settle();
        const after = actor.getSnapshot();
        expect(after.value).toEqual(step.state.value);
        // The model keys a state by what its context decides (tests/support/review-model.ts): the actor's is the same.
        expect(stateKey(after)).toBe(stateKey(step.state));
        // A command entering `sending` went out once, to the actor of its operation, as the context holds it.
        const sending = sendingState(after);
        if (sending !== null && sendingState(before) === null) {
          sent += 1;
          expect(calls).toHaveLength(sent);
          expect(calls.at(-1)).toMatchObject({ src: SENDING_ACTORS[sending], input: after.context.command });
        }
        expect(selectIsBusy(after)).toBe(sending !== null);
        status = selectStatus(after);
        if (status) visited.add(status);
        if (sending) visited.add(`sending.${sending}`);
      }
      const end = actor.getSnapshot();
      expect(end.value).toEqual(path.state.value);
      // Every answered command was reported once (the screen's refresh and toast).
      expect(reports).toEqual(answered);
      // What staff's screen offers is what the table allows staff from here (while a command is on its way, from the
      // status it left, shown disabled).
      // The rules take away what the viewer may not do: everything on their own application or after a declared
      // conflict, approving while a document is not verified or when it is another's proposal to confirm.
      const shown = status ?? end.context.loadedStatus;
      const approvable = unverifiedDocuments(end.context).length === 0 && approvalStepOf(end.context) !== 'confirm';
      expect(selectStaffActions(end)).toEqual(
        dutyConflictOf(end.context) === null ? eventsFrom(shown, 'staff').filter((event) => event !== 'approve' || approvable) : [],
      );
      if (shown !== 'in_review') expect(selectDocumentActions(end, INTAKE_FILE)).toEqual({ verify: false, reject: false });
      if (end.context.asking !== null) expect(selectAsking(end)).toBe(end.context.asking);
      actor.stop();
    },
  );

  it('visits every status and sending state, and takes every transition of the table', () => {
    expect([...visited].sort()).toEqual([...APPLICATION_STATUSES, ...Object.keys(SENDING_ACTORS).map((state) => `sending.${state}`)].sort());
    const table = LIFECYCLE_EVENTS.flatMap((event) => LIFECYCLE[event].from.map((from) => `${from}:${event}`));
    expect([...transitions].sort()).toEqual(table.sort());
  });
});

describe('review machine: rules a path does not show', () => {
  it('lets staff assign the reviewer in any status, and nobody else; the answer decides', async () => {
    for (const status of APPLICATION_STATUSES) {
      const { actor, calls } = createWorld();
      actor.send({ type: 'review.loaded', application: { ...REVIEW_INPUT.application, status } });
      expect(selectStatus(actor.getSnapshot())).toBe(status);
      actor.send({ type: 'assign_reviewer', by: 'applicant', reviewerId: 3 });
      expect(calls).toHaveLength(0);
      actor.send({ type: 'assign_reviewer', by: 'staff', reviewerId: 3 });
      expect(calls.at(-1)?.input).toEqual({ operationId: 'setAdminApplicationReviewer', path: { id: REVIEW_INPUT.application.id }, body: { reviewer_id: 3 } });
      // A second command while one is on its way is not sent: the first one decides.
      actor.send({ type: 'assign_reviewer', by: 'staff', reviewerId: 4 });
      expect(calls).toHaveLength(1);
      calls.at(-1)?.resolve({ ...REVIEW_INPUT.application, status, reviewer: { id: 3 } });
      await settle();
      expect(selectStatus(actor.getSnapshot())).toBe(status);
      expect(selectReviewerId(actor.getSnapshot())).toBe(3);
      actor.stop();
    }
  });

  it('keeps a failed call apart from a refusal, and goes back to the status it had', async () => {
    const { actor, calls } = createWorld();
    actor.send({ type: 'review.loaded', application: { ...REVIEW_INPUT.application, status: 'submitted' } });
    actor.send({ type: 'start_review', by: 'staff' });
    calls.at(-1)?.reject({ status: 0 });
    await settle();
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'failed', body: null });
    expect(selectStatus(actor.getSnapshot())).toBe('submitted');
    actor.send({ type: 'start_review', by: 'staff' });
    expect(actor.getSnapshot().context.error).toBeNull();
    calls.at(-1)?.reject({ status: 409, body: REFUSAL });
    await settle();
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'refused', body: REFUSAL });
    actor.send({ type: 'review.dismiss' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.stop();
  });

  it('follows the application read again: the applicant resubmitted, or another reviewer moved first', () => {
    const { actor } = createWorld();
    actor.send({ type: 'review.loaded', application: { ...REVIEW_INPUT.application, status: 'changes_requested', change_request: { steps: [2], message: 'x' } } });
    expect(selectStatus(actor.getSnapshot())).toBe('changes_requested');
    actor.send({ type: 'review.loaded', application: { ...REVIEW_INPUT.application, status: 'submitted' } });
    expect(selectStatus(actor.getSnapshot())).toBe('submitted');
    expect(selectStaffActions(actor.getSnapshot())).toEqual(['start_review']);
    actor.stop();
  });

  it("puts the screen's notes where the lifecycle table puts them, for every status", () => {
    const { actor } = createWorld();
    for (const status of APPLICATION_STATUSES) {
      actor.send({ type: 'review.loaded', application: { ...REVIEW_INPUT.application, status } });
      const notes = selectReviewNotes(actor.getSnapshot());
      const staff = eventsFrom(status, 'staff');
      expect({ status, awaitsStart: notes.awaitsStart, closed: notes.closed }).toEqual({ status, awaitsStart: staff.includes('start_review'), closed: staff.includes('reopen') });
      // The holds on a decision are told only where one can be made, the rejected documents only where changes can be asked.
      if (!staff.includes('approve')) expect(notes.unverified).toEqual([]);
      if (!staff.includes('request_changes')) expect(notes.rejectedPending).toEqual([]);
    }
    actor.stop();
  });

  it('gives the API test lifecycle paths only, each once', () => {
    const paths = reviewPaths();
    const names = paths.map(({ events }) => events.map((event) => event.type).join(' > '));
    expect(new Set(names).size).toBe(names.length);
    expect(paths.every(({ events }) => events.every((event) => event.type in LIFECYCLE))).toBe(true);
    const covered = new Set(paths.flatMap(({ events }) => events.map((event) => event.type)));
    expect([...covered].sort()).toEqual([...LIFECYCLE_EVENTS].sort());
  });
});
