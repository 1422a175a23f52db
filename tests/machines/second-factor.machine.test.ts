// Model-based path tests of the second-factor machines (docs/decisions/049-second-factor.md, 056-passkeys.md): the
// sign-in step, enrolment and removal, and the profile's passkeys. Generated paths drive REAL actors whose calls the test
// answers with the bodies the server sends (tests/server/second-factor.test.ts and passkeys.test.ts check those on a
// real app), and check what the views read through the selectors in each state.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { createTestModel, type TestParam } from 'xstate/graph';
import en from '#locales/en.json';
import { enrolmentMachine } from '#machines/second-factor/enrolment.machine.ts';
import { passkeysMachine } from '#machines/second-factor/passkeys.machine.ts';
import { signInStepMachine } from '#machines/second-factor/sign-in-step.machine.ts';
import {
  selectEnrolment,
  selectEnrolmentBusy,
  selectEnrolmentError,
  selectEnrolmentView,
  selectPasskeyCodes,
  selectPasskeysAttempt,
  selectPasskeysBusy,
  selectPasskeysError,
  selectPasskeysView,
  selectRecoveryCodes,
  selectStepBusy,
  selectStepError,
  selectStepExpired,
  selectStepMethod,
  selectStepOffersPasskey,
} from '#machines/second-factor/second-factor.selectors.ts';
import type { EnrolmentEvent, LoginResponse, PasskeyRegistered, PasskeysEvent, SignInStepEvent, SignInStepInput } from '#machines/second-factor/second-factor.types.ts';
import { testMachineOf } from './support/test-machine.ts';

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

interface Pending {
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}
/** A call the test answers: it waits in `calls` until the path's done or error event settles it. */
const deferredActor = <TOutput, TInput>(calls: Pending[]) =>
  fromPromise<TOutput, TInput>(({ input }) => new Promise<TOutput>((resolve, reject) => calls.push({ input, resolve: (value) => resolve(value as TOutput), reject })));

const RECORD: LoginResponse = { id: 7, email: 'ana@example.org', first_name: 'Ana', last_name: 'Ortiz', language: 'en', is_staff: false, access: 'a', refresh: 'r' };
const ANSWERS = {
  wrong: { recovery_code: [en['api.secondFactor.codeWrong']], code: 'second_factor_code_invalid' },
  throttled: { detail: 'Too many attempts. Try again in 60 seconds.', code: 'throttled' },
  ended: { detail: en['api.secondFactor.challengeInvalid'], code: 'second_factor_challenge_invalid' },
  wrongPasskey: { passkey: [en['api.passkey.failed']], code: 'second_factor_code_invalid' },
} as const;

// ---- the sign-in step ---------------------------------------------------------------------------------------

type StepModelEvent =
  | SignInStepEvent
  | { type: `xstate.done.actor.${'verifyCode' | 'usePasskey'}`; output: LoginResponse }
  | { type: `xstate.error.actor.${'verifyCode' | 'usePasskey'}`; error: unknown };
/** The 202 answer of an account with an app and a passkey (docs/decisions/056-passkeys.md). */
const STEP_INPUT = { challenge: 'the-challenge', methods: ['totp', 'passkey', 'recovery_code'] } as const satisfies SignInStepInput;
type StepSnapshot = SnapshotFrom<typeof signInStepMachine>;

const stepEvents: StepModelEvent[] = [
  { type: 'code.submit', code: '123456' },
  { type: 'method.switch' },
  { type: 'cancel' },
  { type: 'xstate.done.actor.verifyCode', output: RECORD },
  { type: 'xstate.error.actor.verifyCode', error: ANSWERS.wrong },
  { type: 'xstate.error.actor.verifyCode', error: ANSWERS.throttled },
  { type: 'xstate.error.actor.verifyCode', error: ANSWERS.ended },
  { type: 'passkey.use' },
  { type: 'xstate.done.actor.usePasskey', output: RECORD },
  { type: 'xstate.error.actor.usePasskey', error: ANSWERS.wrongPasskey },
  { type: 'xstate.error.actor.usePasskey', error: ANSWERS.ended },
];
const stepModel = createTestModel(testMachineOf(signInStepMachine), {
  input: STEP_INPUT,
  events: stepEvents,
  // The attempt counter grows without end: states are told apart by value, method and error.
  serializeState: (state) => {
    const { method, error } = (state as StepSnapshot).context;
    return JSON.stringify([state.value, method, error]);
  },
});

function stepWorld() {
  const calls: Pending[] = [];
  const actor = createActor(signInStepMachine.provide({ actors: { verifyCode: deferredActor(calls), usePasskey: deferredActor(calls) } }), {
    input: { challenge: STEP_INPUT.challenge, methods: [...STEP_INPUT.methods] },
  });
  actor.start();
  return { actor, calls, methods: ['totp'] as string[] };
}

function stepParams(world: ReturnType<typeof stepWorld>): TestParam<StepSnapshot, StepModelEvent> {
  const same = (state: StepSnapshot) => {
    const real = world.actor.getSnapshot();
    expect(real.value).toEqual(state.value);
    expect(real.context.method).toEqual(state.context.method);
    expect(selectStepBusy(real)).toBe(real.matches('verifying') || real.matches('usingPasskey'));
    expect(selectStepOffersPasskey(real)).toBe(true);
    return real;
  };
  return {
    states: {
      entering: (state) => {
        const real = same(state);
        expect(selectStepMethod(real)).toBe(world.methods.at(-1));
        expect(real.status).toBe('active');
      },
      verifying: (state) => {
        same(state);
        // One call in flight, with the challenge, the method chosen and the code typed.
        expect(world.calls.at(-1)?.input).toEqual({ challenge: 'the-challenge', method: world.methods.at(-1), code: '123456' });
      },
      usingPasskey: (state) => {
        same(state);
        // The browser's prompt and its answer go with the challenge alone.
        expect(world.calls.at(-1)?.input).toEqual({ challenge: 'the-challenge' });
      },
      signedIn: (state) => {
        const real = same(state);
        expect(real.status).toBe('done');
        expect(real.output).toEqual({ record: RECORD, expired: false });
      },
      expired: (state) => {
        const real = same(state);
        expect(selectStepExpired(real)).toBe(true);
        expect(real.output).toEqual({ record: null, expired: true });
      },
      cancelled: (state) => {
        const real = same(state);
        expect(selectStepExpired(real)).toBe(false);
        expect(real.output).toEqual({ record: null, expired: false });
      },
    },
    events: {
      'code.submit': async ({ event }) => {
        world.actor.send(event as SignInStepEvent);
        await settle();
      },
      'method.switch': async ({ event }) => {
        world.methods.push(world.methods.at(-1) === 'totp' ? 'recovery_code' : 'totp');
        world.actor.send(event as SignInStepEvent);
        // Switching clears the last refusal: it was about the other kind of code.
        expect(selectStepError(world.actor.getSnapshot())).toBeNull();
      },
      cancel: async ({ event }) => void world.actor.send(event as SignInStepEvent),
      'xstate.done.actor.verifyCode': async ({ event }) => {
        world.calls.at(-1)?.resolve((event as unknown as { output: unknown }).output);
        await settle();
      },
      'xstate.error.actor.verifyCode': async ({ event }) => {
        const error = (event as unknown as { error: unknown }).error;
        world.calls.at(-1)?.reject(error);
        await settle();
        // A refusal that is not the end of the challenge stays on the form, as the server said it.
        if (error !== ANSWERS.ended) expect(selectStepError(world.actor.getSnapshot())).toEqual(error);
      },
      'passkey.use': async ({ event }) => {
        world.actor.send(event as SignInStepEvent);
        await settle();
      },
      'xstate.done.actor.usePasskey': async ({ event }) => {
        world.calls.at(-1)?.resolve((event as unknown as { output: unknown }).output);
        await settle();
      },
      'xstate.error.actor.usePasskey': async ({ event }) => {
        const error = (event as unknown as { error: unknown }).error;
        world.calls.at(-1)?.reject(error);
        await settle();
        if (error !== ANSWERS.ended) expect(selectStepError(world.actor.getSnapshot())).toEqual(error);
      },
    },
  };
}

describe('second factor: the sign-in step, generated paths', () => {
  const paths = stepModel.getShortestPaths();
  it('explores a bounded, non-trivial model that reaches every state', () => {
    expect(paths.length).toBeGreaterThan(2);
    expect(paths.length).toBeLessThan(200);
    // Paths that are the start of a longer one are dropped: the states are read along every step.
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => String(step.state.value))));
    expect([...reached].sort()).toEqual(['cancelled', 'entering', 'expired', 'signedIn', 'usingPasskey', 'verifying']);
  });
  for (const path of paths) {
    it(path.description, async () => {
      await path.test(stepParams(stepWorld()));
    });
  }
});

// ---- enrolment and removal ----------------------------------------------------------------------------------

type EnrolmentModelEvent =
  | EnrolmentEvent
  | { type: `xstate.done.actor.${'startEnrolment' | 'confirmEnrolment' | 'removeFactor'}`; output: unknown }
  | { type: `xstate.error.actor.${'startEnrolment' | 'confirmEnrolment' | 'removeFactor'}`; error: unknown };
type EnrolmentSnapshot = SnapshotFrom<typeof enrolmentMachine>;

const ENROLMENT = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/Incubadora:ana%40example.org?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Incubadora' };
const CODES = Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBBB`);
const WRONG_PASSWORD = { current_password: [en['api.password.currentWrong']], code: 'invalid' };
const WRONG = { totp_code: [en['api.secondFactor.codeWrong']], code: 'second_factor_code_invalid' };

const enrolmentEvents: EnrolmentModelEvent[] = [
  { type: 'enrol.start', password: 'the-password' },
  { type: 'enrol.confirm', code: '123456' },
  { type: 'enrol.cancel' },
  { type: 'codes.saved' },
  { type: 'remove.submit', password: 'the-password', method: 'recovery_code', code: 'AAAA0-BBBBB' },
  { type: 'xstate.done.actor.startEnrolment', output: ENROLMENT },
  { type: 'xstate.error.actor.startEnrolment', error: WRONG_PASSWORD },
  { type: 'xstate.done.actor.confirmEnrolment', output: { recovery_codes: CODES } },
  { type: 'xstate.error.actor.confirmEnrolment', error: WRONG },
  { type: 'xstate.done.actor.removeFactor', output: { detail: en['api.secondFactor.removed'] } },
  { type: 'xstate.error.actor.removeFactor', error: new TypeError('Failed to fetch') },
];

function enrolmentModel(enrolled: boolean) {
  return createTestModel(testMachineOf(enrolmentMachine), {
    input: { enrolled },
    events: enrolmentEvents,
    serializeState: (state) => {
      const { enrolment, recoveryCodes, error } = (state as EnrolmentSnapshot).context;
      return JSON.stringify([state.value, enrolment !== null, recoveryCodes !== null, error !== null ? String((error as { code?: unknown }).code ?? error) : null]);
    },
  });
}

function enrolmentWorld(enrolled: boolean) {
  const calls: Pending[] = [];
  const effects: string[] = [];
  const actor = createActor(
    enrolmentMachine.provide({
      actors: { startEnrolment: deferredActor(calls), confirmEnrolment: deferredActor(calls), removeFactor: deferredActor(calls) },
      actions: {
        factorChanged: () => void effects.push('factorChanged'),
        announceRemoved: (_, params) => void effects.push(`announceRemoved:${params.detail}`),
      },
    }),
    { input: { enrolled } },
  );
  actor.start();
  return { actor, calls, effects };
}

function enrolmentParams(world: ReturnType<typeof enrolmentWorld>): TestParam<EnrolmentSnapshot, EnrolmentModelEvent> {
  const same = (state: EnrolmentSnapshot) => {
    const real = world.actor.getSnapshot();
    expect(real.value).toEqual(state.value);
    expect(selectEnrolmentBusy(real)).toBe(['starting', 'confirming', 'removing'].some((busy) => real.matches(busy as never)));
    // The secret is kept only while it is to be scanned; the codes only until the person kept them.
    expect(selectEnrolment(real) !== null).toBe(real.matches('scanning') || real.matches('confirming'));
    expect(selectRecoveryCodes(real)).toEqual(real.matches('showingCodes') ? CODES : []);
    return real;
  };
  const lastInput = () => world.calls.at(-1)?.input;
  return {
    states: {
      notEnrolled: (state) => expect(selectEnrolmentView(same(state))).toBe('start'),
      starting: (state) => {
        same(state);
        expect(lastInput()).toEqual({ password: 'the-password' });
      },
      scanning: (state) => {
        const real = same(state);
        expect(selectEnrolmentView(real)).toBe('scan');
        expect(selectEnrolment(real)).toEqual(ENROLMENT);
      },
      confirming: (state) => {
        same(state);
        expect(lastInput()).toEqual({ code: '123456' });
      },
      showingCodes: (state) => {
        const real = same(state);
        expect(selectEnrolmentView(real)).toBe('codes');
        expect(world.effects.at(-1)).toBe('factorChanged');
      },
      enrolled: (state) => expect(selectEnrolmentView(same(state))).toBe('enrolled'),
      removing: (state) => {
        same(state);
        expect(lastInput()).toEqual({ password: 'the-password', method: 'recovery_code', code: 'AAAA0-BBBBB' });
      },
    },
    events: Object.fromEntries(
      enrolmentEvents.map((sample) => [
        sample.type,
        async ({ event }: { event: EnrolmentModelEvent }) => {
          if (event.type.startsWith('xstate.done.actor.')) world.calls.at(-1)?.resolve((event as unknown as { output: unknown }).output);
          else if (event.type.startsWith('xstate.error.actor.')) world.calls.at(-1)?.reject((event as unknown as { error: unknown }).error);
          else world.actor.send(event as EnrolmentEvent);
          await settle();
          const real = world.actor.getSnapshot();
          if (event.type.startsWith('xstate.error.actor.')) expect(selectEnrolmentError(real)).toBe((event as unknown as { error: unknown }).error);
          if (event.type === 'xstate.done.actor.removeFactor') expect(world.effects.slice(-2)).toEqual(['factorChanged', `announceRemoved:${en['api.secondFactor.removed']}`]);
        },
      ]),
    ),
  };
}

describe.each([false, true])('second factor: enrolment and removal, generated paths (enrolled at start: %s)', (enrolled) => {
  const paths = enrolmentModel(enrolled).getShortestPaths();
  it('explores a bounded, non-trivial model that reaches every state', () => {
    expect(paths.length).toBeGreaterThan(2);
    expect(paths.length).toBeLessThan(300);
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => String(step.state.value))));
    expect([...reached].sort()).toEqual(['confirming', 'enrolled', 'notEnrolled', 'removing', 'scanning', 'showingCodes', 'starting']);
  });
  for (const path of paths) {
    it(path.description, async () => {
      await path.test(enrolmentParams(enrolmentWorld(enrolled)));
    });
  }
});

// ---- passkeys on the profile (docs/decisions/056-passkeys.md) ---------------------------------------------------

const PASSKEY = { id: 3, name: 'Phone', created_at: '2026-11-26T12:00:00Z', last_used_at: null };
/** The account's first second factor: the passkey and its ten recovery codes; a later one comes alone. */
const FIRST: PasskeyRegistered = { passkey: PASSKEY, recovery_codes: CODES };
const LATER: PasskeyRegistered = { passkey: PASSKEY };
const REMOVED = { detail: 'The passkey was removed.' };

type PasskeysModelEvent =
  | PasskeysEvent
  | { type: `xstate.done.actor.${'addPasskey' | 'removePasskey'}`; output: unknown }
  | { type: `xstate.error.actor.${'addPasskey' | 'removePasskey'}`; error: unknown };
type PasskeysSnapshot = SnapshotFrom<typeof passkeysMachine>;

const passkeysEvents: PasskeysModelEvent[] = [
  { type: 'passkey.add', password: 'the-password', name: 'Phone' },
  { type: 'passkey.remove', id: 3, password: 'the-password', method: 'passkey', code: '' },
  { type: 'codes.saved' },
  { type: 'xstate.done.actor.addPasskey', output: FIRST },
  { type: 'xstate.done.actor.addPasskey', output: LATER },
  { type: 'xstate.error.actor.addPasskey', error: WRONG_PASSWORD },
  { type: 'xstate.done.actor.removePasskey', output: REMOVED },
  { type: 'xstate.error.actor.removePasskey', error: new TypeError('Failed to fetch') },
];
const passkeysModel = createTestModel(testMachineOf(passkeysMachine), {
  events: passkeysEvents,
  // The attempt counter grows without end: states are told apart by value, codes and error.
  serializeState: (state) => {
    const { recoveryCodes, error } = (state as PasskeysSnapshot).context;
    return JSON.stringify([state.value, recoveryCodes, error === null ? null : String((error as { code?: string }).code ?? error)]);
  },
});

function passkeysWorld() {
  const calls: Pending[] = [];
  const effects = { changed: 0, announced: [] as string[] };
  const actor = createActor(
    passkeysMachine.provide({
      actors: { addPasskey: deferredActor(calls), removePasskey: deferredActor(calls) },
      actions: {
        factorChanged: () => void (effects.changed += 1),
        announceRemoved: (_, params) => void effects.announced.push(params.detail),
      },
    }),
  );
  actor.start();
  return { actor, calls, effects, expectedChanged: 0, expectedFailures: 0 };
}

function passkeysParams(w: ReturnType<typeof passkeysWorld>): TestParam<PasskeysSnapshot, PasskeysModelEvent> {
  const same = (state: PasskeysSnapshot) => {
    const real = w.actor.getSnapshot();
    expect(real.value).toEqual(state.value);
    expect(selectPasskeysBusy(real)).toBe(real.matches('adding') || real.matches('removing'));
    expect(selectPasskeysView(real)).toBe(real.matches('showingCodes') ? 'codes' : 'list');
    // Each refusal is one more attempt (the error summary takes focus again); each change reads the status again.
    expect(selectPasskeysAttempt(real)).toBe(w.expectedFailures);
    expect(w.effects.changed).toBe(w.expectedChanged);
    return real;
  };
  return {
    states: {
      idle: (state) => {
        const real = same(state);
        expect(selectPasskeyCodes(real)).toEqual([]);
      },
      adding: (state) => {
        same(state);
        expect(w.calls.at(-1)?.input).toEqual({ password: 'the-password', name: 'Phone' });
      },
      removing: (state) => {
        same(state);
        expect(w.calls.at(-1)?.input).toEqual({ id: 3, password: 'the-password', method: 'passkey', code: '' });
      },
      showingCodes: (state) => {
        const real = same(state);
        expect(selectPasskeyCodes(real)).toEqual(CODES);
        expect(selectPasskeysError(real)).toBeNull();
      },
    },
    events: {
      'passkey.add': async ({ event }) => {
        w.actor.send(event as PasskeysEvent);
        await settle();
      },
      'passkey.remove': async ({ event }) => {
        w.actor.send(event as PasskeysEvent);
        await settle();
      },
      'codes.saved': async ({ event }) => void w.actor.send(event as PasskeysEvent),
      'xstate.done.actor.addPasskey': async ({ event }) => {
        w.expectedChanged += 1;
        w.calls.at(-1)?.resolve((event as unknown as { output: unknown }).output);
        await settle();
        expect(selectPasskeysError(w.actor.getSnapshot())).toBeNull();
      },
      'xstate.done.actor.removePasskey': async ({ event }) => {
        w.expectedChanged += 1;
        w.calls.at(-1)?.resolve((event as unknown as { output: unknown }).output);
        await settle();
        expect(w.effects.announced.at(-1)).toBe(REMOVED.detail);
        expect(selectPasskeysError(w.actor.getSnapshot())).toBeNull();
      },
      'xstate.error.actor.addPasskey': async ({ event }) => {
        const error = (event as unknown as { error: unknown }).error;
        w.expectedFailures += 1;
        w.calls.at(-1)?.reject(error);
        await settle();
        // The refusal stays on the form as the server said it.
        expect(selectPasskeysError(w.actor.getSnapshot())).toEqual(error);
      },
      'xstate.error.actor.removePasskey': async ({ event }) => {
        const error = (event as unknown as { error: unknown }).error;
        w.expectedFailures += 1;
        w.calls.at(-1)?.reject(error);
        await settle();
        expect(selectPasskeysError(w.actor.getSnapshot())).toBe(error);
      },
    },
  };
}

describe('passkeys on the profile: generated paths', () => {
  const paths = passkeysModel.getShortestPaths();
  it('explores a bounded, non-trivial model that reaches every state', () => {
    expect(paths.length).toBeGreaterThan(2);
    expect(paths.length).toBeLessThan(200);
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => String(step.state.value))));
    expect([...reached].sort()).toEqual(['adding', 'idle', 'removing', 'showingCodes']);
  });
  for (const path of paths) {
    it(path.description, async () => {
      await path.test(passkeysParams(passkeysWorld()));
    });
  }
});
