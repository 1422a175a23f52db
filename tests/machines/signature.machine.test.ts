// Model-based path tests of the signature machine (signing a form on screen): generated paths drive a REAL actor whose
// signing call the test settles with bodies the server sends, and check what the panel shows and offers in each state:
// nothing is sent without consent or without a name, the typed name alone signs, a refusal keeps what was given.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { createTestModel, getStateNodes, type TestParam } from 'xstate/graph';
import en from '#locales/en.json';
import { signatureMachine } from '#machines/signature/signature.machine.ts';
import {
  selectCanSend,
  selectConsent,
  selectHasDrawing,
  selectSignatureError,
  selectSignatureStatus,
  selectSigned,
  selectSignerName,
  selectSigning,
} from '#machines/signature/signature.selectors.ts';
import type { SignatureEvent, SignedForm, SignFormInput } from '#machines/signature/signature.types.ts';
import { testMachineOf } from './support/test-machine.ts';

type Snapshot = SnapshotFrom<typeof signatureMachine>;

const INPUT = { applicationId: 7, form: 'certification' as const };
const DRAWING = 'data:image/png;base64,iVBORw0KGgo=';
const SIGNED: SignedForm = {
  form: 'certification',
  intake_form: { file_name: 'certification-7.pdf', size: 4200, uploaded_at: '2027-02-01T16:00:00.000Z', active_content: [] },
  document: null,
  signature: { signer_name: 'Ana Núñez', signed_at: '2027-02-01T16:00:00.000Z', presented_sha256: 'a'.repeat(64) },
};
/** The bodies the server answers a refused signing with (tests/server/signing.test.ts sees the same). */
const REFUSED = { consent: [en['api.signature.consentRequired']] };
const CLOSED = { detail: en['api.application.submitted'], code: 'application_submitted' };

type ModelEvent =
  | SignatureEvent
  | { type: 'xstate.done.actor.signForm'; output: SignedForm }
  | { type: 'xstate.error.actor.signForm'; error: unknown };

const sampleEvents: ModelEvent[] = [
  { type: 'signature.consent', given: true },
  { type: 'signature.consent', given: false },
  { type: 'signature.name', name: 'Ana Núñez' },
  { type: 'signature.name', name: '   ' },
  { type: 'signature.draw', drawing: DRAWING },
  { type: 'signature.draw', drawing: null },
  { type: 'signature.send' },
  { type: 'signature.again' },
  { type: 'xstate.done.actor.signForm', output: SIGNED },
  { type: 'xstate.error.actor.signForm', error: { status: 400, body: REFUSED } },
  { type: 'xstate.error.actor.signForm', error: { status: 409, body: CLOSED } },
  { type: 'xstate.error.actor.signForm', error: new TypeError('Failed to fetch') },
];

// The context is bounded by the samples; the serialized state says whether a signed answer is kept, not which.
const model = createTestModel(testMachineOf(signatureMachine), {
  input: INPUT,
  events: sampleEvents,
  serializeState: (state) => JSON.stringify([state.value, state.context.consent, state.context.name, state.context.drawing, state.context.error, state.context.signed !== null]),
});

const visited = new Set<string>();
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function createWorld() {
  type Call = { input: SignFormInput; resolve: (value: SignedForm) => void; reject: (error: unknown) => void };
  const calls: Call[] = [];
  const reported: SignedForm[] = [];
  const actor = createActor(
    signatureMachine.provide({
      actors: { signForm: fromPromise<SignedForm, SignFormInput>(({ input }) => new Promise((resolve, reject) => calls.push({ input, resolve, reject }))) },
      actions: { reportSigned: (_, signed) => void reported.push(signed) },
    }),
    { input: INPUT },
  );
  actor.start();
  return { actor, calls, reported, expectedReports: 0 };
}
type World = ReturnType<typeof createWorld>;

function params(world: World): TestParam<Snapshot, ModelEvent> {
  const actual = (state: Snapshot) => {
    const snapshot = world.actor.getSnapshot();
    expect(snapshot.value).toEqual(state.value);
    expect(snapshot.context).toEqual(state.context);
    expect(selectSignatureStatus(snapshot)).toBe(snapshot.value);
    expect(selectSigning(snapshot)).toBe(snapshot.matches('sending'));
    expect(selectSignerName(snapshot)).toBe(snapshot.context.name);
    expect(selectHasDrawing(snapshot)).toBe(snapshot.context.drawing !== null);
    // The stored form goes to its field once per signing, never before.
    expect(world.reported).toHaveLength(world.expectedReports);
    visited.add(String(snapshot.value));
    return snapshot;
  };
  const send = async ({ event }: { event: { type: string } }) => {
    world.actor.send(event as SignatureEvent);
    await settle();
  };
  const lastCall = () => {
    const call = world.calls.at(-1);
    if (!call) throw new Error('no signing call');
    return call;
  };
  return {
    states: {
      consent: (state) => {
        const snapshot = actual(state);
        expect(selectConsent(snapshot)).toBe(false);
        expect(selectSigned(snapshot)).toBeNull();
        // Without consent nothing goes out: every call made was made with it.
        for (const call of world.calls) expect(call.input.body.consent).toBe(true);
      },
      drawing: (state) => {
        const snapshot = actual(state);
        expect(selectConsent(snapshot)).toBe(true);
        expect(selectCanSend(snapshot)).toBe(true);
      },
      sending: (state) => {
        const snapshot = actual(state);
        expect(selectCanSend(snapshot)).toBe(false);
        // What goes: consent, the trimmed name (never blank) and the drawing, or null for the typed name alone.
        expect(lastCall().input).toEqual({
          applicationId: INPUT.applicationId,
          body: { form: 'certification', consent: true, signer_name: snapshot.context.name.trim(), drawing: snapshot.context.drawing },
        });
        expect(lastCall().input.body.signer_name).not.toBe('');
      },
      signed: (state) => {
        const snapshot = actual(state);
        expect(selectSigned(snapshot)).toEqual(SIGNED);
        expect(world.reported.at(-1)).toEqual(SIGNED);
      },
      failed: (state) => {
        const snapshot = actual(state);
        const error = selectSignatureError(snapshot);
        expect(error?.code).toMatch(/^(rejected|network|name_required)$/);
        // What was given stays, to correct and send again.
        expect(selectConsent(snapshot)).toBe(true);
      },
    },
    events: {
      'signature.consent': send,
      'signature.name': send,
      'signature.draw': send,
      'signature.send': send,
      'signature.again': send,
      'xstate.done.actor.signForm': async (step) => {
        world.expectedReports += 1;
        lastCall().resolve((step.event as ModelEvent & { output: SignedForm }).output);
        await settle();
      },
      'xstate.error.actor.signForm': async (step) => {
        lastCall().reject((step.event as ModelEvent & { error: unknown }).error);
        await settle();
      },
    },
  };
}

describe('signature machine: generated paths', () => {
  const paths = model.getShortestPaths();

  it('explores a bounded, non-trivial model', () => {
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.length).toBeLessThan(600);
  });

  for (const path of paths) {
    it(path.description, async () => {
      await path.test(params(createWorld()));
    });
  }
});

describe('signature machine: refusals before sending', () => {
  it('refuses to send without consent, and without a name, with their own codes', () => {
    const actor = createActor(signatureMachine, { input: INPUT }).start();
    actor.send({ type: 'signature.name', name: 'Ana' });
    actor.send({ type: 'signature.send' });
    expect(actor.getSnapshot().value).toBe('consent');
    expect(selectSignatureError(actor.getSnapshot())).toEqual({ code: 'consent_required' });
    actor.send({ type: 'signature.consent', given: true });
    actor.send({ type: 'signature.name', name: ' ' });
    actor.send({ type: 'signature.send' });
    expect(actor.getSnapshot().value).toBe('drawing');
    expect(selectSignatureError(actor.getSnapshot())).toEqual({ code: 'name_required' });
    actor.stop();
  });
});

describe('signature machine: coverage', () => {
  it('visited every state', () => {
    const leaves = getStateNodes(signatureMachine.root)
      .map((node) => node.path.join('.'))
      .filter((path) => path !== '');
    expect(new Set(leaves)).toEqual(visited);
  });
});
