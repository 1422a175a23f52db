// Model-based path tests of the review machine (docs/decisions/028-review-lifecycle.md): the shortest path to every
// state, driven on a real actor, checks in each state what the shared table says (the status, staff's offered
// actions, the reviewer, the change request and the reason), that every refused event (the wrong side, a blank
// reason or message, no step) changes nothing, and that together the paths take every transition of the table.
// tests/server/review-paths.test.ts walks the same paths against the API.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { reviewMachine } from '#machines/review/review.machine.ts';
import { selectReviewerId, selectStaffActions, selectStatus } from '#machines/review/review.selectors.ts';
import { APPLICATION_STATUSES, LIFECYCLE, LIFECYCLE_EVENTS, eventsFrom, isFinal, type ApplicationStatus } from '#shared/review-lifecycle.ts';
import { CHANGE_MESSAGE, CHANGE_STEPS, REASON, REFUSED_EVENTS, REVIEW_INPUT, reviewModel, reviewPaths, STAFF_ID, VALID_EVENTS } from '../support/review-model.ts';

const STAFF_ACTIONS = ['start_review', 'request_changes', 'approve', 'reject', 'waitlist', 'close', 'reopen'] as const;

describe('review machine', () => {
  const paths = reviewPaths();
  const visited = new Set<ApplicationStatus>();
  const transitions = new Set<string>();

  it.each(paths.map(({ path, events }) => [events.map((event) => event.type).join(' > ') || '(start)', path, events] as const))('%s', (_name, path, events) => {
    const actor = createActor(reviewMachine, { input: REVIEW_INPUT }).start();
    let status = selectStatus(actor.getSnapshot());
    expect(status).toBe('draft');
    let reviewer: number | null = null;
    let reason: string | null = null;
    for (const event of events) {
      const before = actor.getSnapshot();
      // Every refused event changes nothing here.
      for (const refused of REFUSED_EVENTS) {
        expect(before.can(refused), `${status}: ${JSON.stringify(refused)}`).toBe(false);
        actor.send(refused);
        expect(actor.getSnapshot().value).toEqual(before.value);
        expect(actor.getSnapshot().context).toEqual(before.context);
      }
      if (status === null) throw new Error('no status');
      const to = LIFECYCLE[event.type as keyof typeof LIFECYCLE].to;
      transitions.add(`${status}:${event.type}`);
      actor.send(event);
      const after = actor.getSnapshot();
      expect(selectStatus(after)).toBe(to);
      if (event.type === 'start_review') reviewer ??= STAFF_ID;
      if (event.type === 'approve' || event.type === 'reject' || event.type === 'waitlist') reason = REASON;
      expect(selectReviewerId(after)).toBe(reviewer);
      expect(after.context.reason).toBe(reason);
      if (to === 'changes_requested') expect(after.context).toMatchObject({ changeSteps: CHANGE_STEPS, changeMessage: CHANGE_MESSAGE });
      status = to;
      visited.add(to);
    }
    const end = actor.getSnapshot();
    expect(end.value).toEqual(path.state.value);
    // What staff's screen offers is what the table allows staff from here.
    expect(selectStaffActions(end)).toEqual(STAFF_ACTIONS.filter((action) => eventsFrom(status!, 'staff').includes(action)));
    expect(isFinal(status!)).toBe(status === 'approved' || status === 'rejected');
  });

  it('visits every status and takes every transition of the table', () => {
    expect([...new Set([...visited, 'draft'])].sort()).toEqual([...APPLICATION_STATUSES].sort());
    const table = LIFECYCLE_EVENTS.flatMap((event) => LIFECYCLE[event].from.map((from) => `${from}:${event}`));
    expect([...transitions].sort()).toEqual(table.sort());
  });

  it('lets staff assign the reviewer in any status, and nobody else', () => {
    for (const status of APPLICATION_STATUSES) {
      const actor = createActor(reviewMachine, { input: { ...REVIEW_INPUT, status } }).start();
      expect(selectStatus(actor.getSnapshot())).toBe(status);
      actor.send({ type: 'assign_reviewer', by: 'applicant', reviewerId: 3 });
      expect(selectReviewerId(actor.getSnapshot())).toBeNull();
      actor.send({ type: 'assign_reviewer', by: 'staff', reviewerId: 3 });
      expect(selectReviewerId(actor.getSnapshot())).toBe(3);
    }
    // Starting a review keeps a reviewer already assigned.
    const actor = createActor(reviewMachine, { input: { ...REVIEW_INPUT, status: 'submitted', reviewerId: 3 } }).start();
    actor.send({ type: 'start_review', by: 'staff' });
    expect(selectReviewerId(actor.getSnapshot())).toBe(3);
  });

  it('has one state per status in the model, with the sample events the API test uses', () => {
    const states = new Set(reviewModel(() => [...VALID_EVENTS, ...REFUSED_EVENTS]).getShortestPaths().map((path) => String(path.state.value)));
    expect([...states].sort()).toEqual([...APPLICATION_STATUSES].sort());
  });
});
