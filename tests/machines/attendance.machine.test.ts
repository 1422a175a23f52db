// Model-based path tests of the attendance machine (one event card of the panel): generated paths from a card the
// person does not attend and from one they attend drive a REAL actor whose calls the test settles with the bodies
// the server sends, and check what the card shows and offers in each state.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { createTestModel, getStateNodes, type TestParam } from 'xstate/graph';
import en from '#locales/en.json';
import { attendanceMachine } from '#machines/attendance/attendance.machine.ts';
import {
  selectAttendanceStatus,
  selectAttends,
  selectCanAttend,
  selectConfirmOpen,
  selectError,
  selectEvent,
  selectIsBusy,
} from '#machines/attendance/attendance.selectors.ts';
import type { AttendanceCallInput, AttendanceEvent, PanelEvent } from '#machines/attendance/attendance.types.ts';
import { testMachineOf } from './support/test-machine.ts';

type Snapshot = SnapshotFrom<typeof attendanceMachine>;

const EVENT: PanelEvent = {
  id: 3,
  kind: 'event',
  title: { es: 'Taller', en: 'Workshop' },
  description: { es: '', en: '' },
  starts_at: '2027-03-01T14:00:00.000Z',
  ends_at: null,
  place: 'San Juan',
  link: null,
  capacity: 10,
  status: 'open',
  spots_left: 10,
  available: true,
  attending: false,
};
const ATTENDING: PanelEvent = { ...EVENT, attending: true, spots_left: 9 };
const ANSWERS = {
  duplicate: { detail: en['api.event.duplicate'], code: 'registration_duplicate' },
  unavailable: { detail: en['api.event.unavailable'], code: 'event_unavailable' },
  notFound: { detail: en['api.error.notFound'], code: 'not_found' },
  server: { detail: en['api.error.server'], code: 'server_error' },
} as const;

type ModelEvent =
  | AttendanceEvent
  | { type: 'xstate.done.actor.attendEvent'; output: PanelEvent }
  | { type: 'xstate.error.actor.attendEvent'; error: unknown }
  | { type: 'xstate.done.actor.cancelAttendance'; output: PanelEvent }
  | { type: 'xstate.error.actor.cancelAttendance'; error: unknown };

const errors = (id: 'attendEvent' | 'cancelAttendance'): ModelEvent[] =>
  Object.values(ANSWERS).map((body) => ({ type: `xstate.error.actor.${id}` as const, error: { status: 409, body } }));

const sampleEvents: ModelEvent[] = [
  { type: 'attendance.attend' },
  { type: 'attendance.cancel' },
  { type: 'attendance.confirm' },
  { type: 'attendance.keep' },
  { type: 'attendance.retry' },
  { type: 'attendance.dismiss' },
  { type: 'xstate.done.actor.attendEvent', output: ATTENDING },
  ...errors('attendEvent'),
  { type: 'xstate.done.actor.cancelAttendance', output: EVENT },
  ...errors('cancelAttendance'),
];

const modelFor = (event: PanelEvent) =>
  createTestModel(testMachineOf(attendanceMachine, { inert: ['changed'] }), { input: { event }, events: sampleEvents });

const visited = new Set<string>();
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function createWorld(event: PanelEvent) {
  type Call = { kind: 'attend' | 'cancel'; input: AttendanceCallInput; resolve: (value: PanelEvent) => void; reject: (error: unknown) => void };
  const calls: Call[] = [];
  const world = { calls, changes: 0, expectedChanges: 0 };
  const call = (kind: Call['kind']) =>
    fromPromise<PanelEvent, AttendanceCallInput>(({ input }) => new Promise((resolve, reject) => calls.push({ kind, input, resolve, reject })));
  const actor = createActor(
    attendanceMachine.provide({
      actors: { attendEvent: call('attend'), cancelAttendance: call('cancel') },
      actions: { changed: () => void (world.changes += 1) },
    }),
    { input: { event } },
  );
  actor.start();
  return Object.assign(world, { actor });
}
type World = ReturnType<typeof createWorld>;

function params(world: World): TestParam<Snapshot, ModelEvent> {
  const actual = (state: Snapshot) => {
    const snapshot = world.actor.getSnapshot();
    expect(snapshot.value).toEqual(state.value);
    expect(snapshot.context).toEqual(state.context);
    expect(selectAttendanceStatus(snapshot)).toBe(snapshot.value);
    expect(selectIsBusy(snapshot)).toBe(snapshot.matches('attending') || snapshot.matches('cancelling'));
    expect(selectConfirmOpen(snapshot)).toBe(snapshot.matches('confirming') || snapshot.matches('cancelling'));
    // The list of events is refreshed after every change the server made.
    expect(world.changes).toBe(world.expectedChanges);
    visited.add(String(snapshot.value));
    return snapshot;
  };
  const lastCall = () => {
    const call = world.calls.at(-1);
    if (!call) throw new Error('no call');
    return call;
  };
  const send = async ({ event }: { event: { type: string } }) => {
    world.actor.send(event as AttendanceEvent);
    await settle();
  };
  const settleCall = (outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
    const event = step.event as ModelEvent;
    const call = lastCall();
    if (outcome === 'resolve') {
      world.expectedChanges += 1;
      call.resolve((event as { output: PanelEvent }).output);
    } else {
      const code = (event as { error: { body: { code: string } } }).error.body.code;
      if ((code === 'event_unavailable' && call.kind === 'attend') || (code === 'not_found' && call.kind === 'cancel')) world.expectedChanges += 1;
      call.reject((event as { error: unknown }).error);
    }
    await settle();
  };
  return {
    states: {
      idle: (state) => {
        const snapshot = actual(state);
        expect(selectAttends(snapshot)).toBe(false);
        expect(selectCanAttend(snapshot)).toBe(true);
        expect(selectError(snapshot)).toBeNull();
      },
      attending: (state) => {
        actual(state);
        expect(lastCall()).toMatchObject({ kind: 'attend', input: { eventId: EVENT.id } });
      },
      attended: (state) => {
        const snapshot = actual(state);
        expect(selectAttends(snapshot)).toBe(true);
        expect(selectCanAttend(snapshot)).toBe(false);
      },
      confirming: (state) => {
        const snapshot = actual(state);
        // Asked first: nothing sent yet for this cancel.
        expect(world.calls.filter((call) => call.kind === 'cancel').length).toBeLessThanOrEqual(world.calls.length);
        expect(selectAttends(snapshot)).toBe(true);
      },
      cancelling: (state) => {
        actual(state);
        expect(lastCall()).toMatchObject({ kind: 'cancel', input: { eventId: EVENT.id } });
      },
      duplicate: (state) => {
        const snapshot = actual(state);
        expect(selectError(snapshot)).toEqual(ANSWERS.duplicate);
      },
      unavailable: (state) => {
        const snapshot = actual(state);
        expect(selectError(snapshot)).toEqual(ANSWERS.unavailable);
        expect(selectCanAttend(snapshot)).toBe(false);
      },
      failed: (state) => {
        const snapshot = actual(state);
        expect(selectError(snapshot)).not.toBeNull();
        expect(selectEvent(snapshot).id).toBe(EVENT.id);
      },
    },
    events: {
      'attendance.attend': send,
      'attendance.cancel': send,
      'attendance.confirm': send,
      'attendance.keep': send,
      'attendance.retry': send,
      'attendance.dismiss': send,
      'xstate.done.actor.attendEvent': settleCall('resolve'),
      'xstate.error.actor.attendEvent': settleCall('reject'),
      'xstate.done.actor.cancelAttendance': settleCall('resolve'),
      'xstate.error.actor.cancelAttendance': settleCall('reject'),
    },
  };
}

describe.each([
  ['not attending yet', EVENT],
  ['already attending', ATTENDING],
])('attendance machine: generated paths from a card %s', (_, event) => {
  const paths = modelFor(event).getShortestPaths();

  it('explores a bounded, non-trivial model', () => {
    expect(paths.length).toBeGreaterThan(5);
    expect(paths.length).toBeLessThan(500);
  });

  for (const path of paths) {
    it(path.description, async () => {
      await path.test(params(createWorld(event)));
    });
  }
});

describe('attendance machine: coverage', () => {
  it('visited every state but the start-up check', () => {
    const leaves = getStateNodes(attendanceMachine.root)
      .map((node) => node.path.join('.'))
      .filter((path) => path !== '' && path !== 'checking');
    expect(new Set(leaves)).toEqual(visited);
  });
});
