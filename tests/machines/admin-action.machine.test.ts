// Model-based path tests of the admin-action machine (docs/decisions/021): generated paths drive a real actor whose
// `perform` call the test settles, and check in each state what the dialog, button and message show, which call went
// out, and that a success is reported once. A refusal (4xx with the server's body) never offers to try again.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { createTestModel, type TestParam } from 'xstate/graph';
import { testMachineOf } from './support/test-machine.ts';
import { adminActionMachine, isTransientFailure } from '#machines/admin-action/admin-action.machine.ts';
import {
  selectActionErrorBody,
  selectActionRequest,
  selectActionStatus,
  selectCanRetry,
  selectConfirmOpen,
  selectIsWorking,
} from '#machines/admin-action/admin-action.selectors.ts';
import type { AdminActionError, AdminActionEvent, AdminActionRequest } from '#machines/admin-action/admin-action.types.ts';
import type { StaffCommand, StaffOutcome } from '#shared/staff-commands.ts';
import { SERVER_ANSWERS } from '../support/server-answers.ts';

type Snapshot = SnapshotFrom<typeof adminActionMachine>;
type ModelEvent =
  | AdminActionEvent
  | { type: 'xstate.init' }
  | { type: 'xstate.done.actor.perform'; output: StaffOutcome }
  | { type: 'xstate.error.actor.perform'; error: AdminActionError };

const DEACTIVATE: AdminActionRequest = { command: { operationId: 'setAdminUserActive', path: { id: 7 }, body: { is_active: false } } };
const GRANT: AdminActionRequest = { command: { operationId: 'setAdminUserStaff', path: { id: 7 }, body: { is_staff: true } } };
const UPDATED: StaffOutcome = { operationId: 'sendAdminUserPasswordReset', command: { operationId: 'sendAdminUserPasswordReset', path: { id: 7 } }, result: { detail: 'Enviado.' } };
/** A dialog that is a form confirms with the command it filled in (a document's rejection with its reason). */
const FILLED: StaffCommand = { operationId: 'rejectAdminApplicationDocument', path: { id: 3, fileId: 11 }, body: { reason: 'Ilegible.' } };
const BUSY = { detail: 'El servicio no está disponible en este momento.', code: 'database_unavailable' };

function sampleEvents(): ModelEvent[] {
  return [
    { type: 'action.request', request: DEACTIVATE, confirm: true },
    { type: 'action.request', request: GRANT, confirm: false },
    { type: 'action.confirm' },
    // A dialog that is a form sends what was filled in with the confirmation.
    { type: 'action.confirm', command: FILLED },
    { type: 'action.cancel' },
    { type: 'action.retry' },
    { type: 'action.dismiss' },
    { type: 'xstate.done.actor.perform', output: UPDATED },
    { type: 'xstate.error.actor.perform', error: { status: 409, body: SERVER_ANSWERS.selfProtected } },
    { type: 'xstate.error.actor.perform', error: { status: 503, body: BUSY } },
    { type: 'xstate.error.actor.perform', error: { status: 0 } },
  ];
}

const model = createTestModel(testMachineOf(adminActionMachine, { inert: ['reportDone'] }), { events: sampleEvents });

interface World {
  actor: ReturnType<typeof createActor<typeof adminActionMachine>>;
  calls: Array<{ input: StaffCommand; resolve: (value: StaffOutcome) => void; reject: (error: unknown) => void }>;
  reports: unknown[];
  expected: { reports: unknown[]; calls: number; request: AdminActionRequest | null; body: unknown };
}

function createWorld(): World {
  const world: Omit<World, 'actor'> = { calls: [], reports: [], expected: { reports: [], calls: 0, request: null, body: null } };
  const actor = createActor(
    adminActionMachine.provide({
      actors: {
        perform: fromPromise<StaffOutcome, StaffCommand>(
          ({ input }) => new Promise((resolve, reject) => world.calls.push({ input, resolve, reject })),
        ),
      },
      actions: { reportDone: (_, params) => void world.reports.push(params.outcome) },
    }),
  ).start();
  return { ...world, actor };
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function execute(world: World, event: ModelEvent): Promise<void> {
  const { actor, expected } = world;
  const status = selectActionStatus(actor.getSnapshot());
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'action.request':
      if (status !== 'working') {
        expected.request = event.request;
        expected.body = null;
        if (!event.confirm) expected.calls += 1;
      }
      actor.send(event);
      break;
    case 'action.confirm':
      if (status === 'confirming') {
        expected.calls += 1;
        if (event.command !== undefined && expected.request) expected.request = { ...expected.request, command: event.command };
      }
      actor.send(event);
      break;
    case 'action.retry':
      if (status === 'failed') {
        expected.calls += 1;
        expected.body = null;
      }
      actor.send(event);
      break;
    case 'action.cancel':
    case 'action.dismiss':
      expected.request = null;
      expected.body = null;
      actor.send(event);
      break;
    case 'xstate.done.actor.perform':
      expected.reports.push(event.output);
      world.calls.at(-1)?.resolve(event.output);
      break;
    case 'xstate.error.actor.perform':
      expected.body = event.error.body ?? null;
      world.calls.at(-1)?.reject(event.error);
      break;
  }
  await settle();
}

const visited = new Set<string>();

function testParams(world: World): TestParam<Snapshot, ModelEvent> {
  const check = (state: Snapshot) => {
    const snapshot = world.actor.getSnapshot();
    expect(snapshot.value).toEqual(state.value);
    expect(selectActionStatus(snapshot)).toBe(snapshot.value);
    expect(world.calls).toHaveLength(world.expected.calls);
    expect(world.reports).toEqual(world.expected.reports);
    expect(selectActionRequest(snapshot)).toEqual(world.expected.request);
    expect(selectActionErrorBody(snapshot)).toEqual(world.expected.body);
    expect(selectConfirmOpen(snapshot)).toBe(snapshot.matches('confirming'));
    expect(selectIsWorking(snapshot)).toBe(snapshot.matches('working'));
    expect(selectCanRetry(snapshot)).toBe(snapshot.matches('failed'));
    visited.add(String(snapshot.value));
    return snapshot;
  };
  return {
    states: {
      idle: (state) => void check(state),
      // Nothing is sent before the person confirms (the call count is checked in every state).
      confirming: (state) => void check(state),
      working: (state) => {
        check(state);
        expect(world.calls.at(-1)?.input).toEqual(world.expected.request?.command);
      },
      done: (state) => void check(state),
      refused: (state) => {
        const snapshot = check(state);
        expect(selectActionErrorBody(snapshot)).toEqual(SERVER_ANSWERS.selfProtected);
      },
      failed: (state) => void check(state),
    },
    events: Object.fromEntries(
      ['action.request', 'action.confirm', 'action.cancel', 'action.retry', 'action.dismiss', 'xstate.done.actor.perform', 'xstate.error.actor.perform'].map((type) => [
        type,
        (step: { event: { type: string } }) => execute(world, step.event as ModelEvent),
      ]),
    ),
  };
}

describe('admin-action machine: generated paths', () => {
  const paths = model.getShortestPaths();

  it('explores a bounded, non-trivial model', () => {
    expect(paths.length).toBeGreaterThan(5);
    expect(paths.length).toBeLessThan(500);
  });

  paths.forEach((path, index) => {
    it(`#${index} reaches ${JSON.stringify(path.state.value)} via ${path.steps.map((step) => step.event.type.replace(/^(action|xstate)\./, '')).join(' → ')}`, async () => {
      const world = createWorld();
      await path.test(testParams(world));
      world.actor.stop();
    });
  });

  it('visited every state', () => {
    expect([...visited].sort()).toEqual(['confirming', 'done', 'failed', 'idle', 'refused', 'working']);
  });
});

describe('admin-action machine: what is worth trying again', () => {
  it.each([
    [{ status: 0 }, true],
    [{ status: 503, body: BUSY }, true],
    [{ status: 429, body: BUSY }, true],
    [{ status: 409, body: SERVER_ANSWERS.selfProtected }, false],
    [{ status: 404, body: { detail: 'No encontrado.', code: 'not_found' } }, false],
  ])('%j: transient %s', (error, transient) => {
    expect(isTransientFailure(error)).toBe(transient);
  });
});
