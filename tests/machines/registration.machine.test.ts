// Model-based path tests of the registration machine (the public form of an event or interest form): generated
// paths drive a REAL actor whose submitRegistration the test settles with the bodies the server sends, and check
// what the form shows in each state (outcome, captcha, the refusal to word, the call sent).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { createTestModel, getStateNodes, type TestParam } from 'xstate/graph';
import en from '#locales/en.json';
import { CAPTCHA_REQUIRED, registrationMachine } from '#machines/registration/registration.machine.ts';
import {
  selectAttempt,
  selectCanEdit,
  selectCaptchaVerified,
  selectIsSubmitting,
  selectOutcome,
  selectRefusal,
  selectShowsForm,
  selectWidgetKey,
} from '#machines/registration/registration.selectors.ts';
import type { RegistrationEvent, SubmitRegistrationInput } from '#machines/registration/registration.types.ts';
import { testMachineOf } from './support/test-machine.ts';

type Snapshot = SnapshotFrom<typeof registrationMachine>;

// Bodies as the server answers them (tests/server/events.test.ts checks these words on a real app).
const ANSWERS = {
  duplicate: { detail: en['api.event.duplicate'], code: 'registration_duplicate' },
  unavailable: { detail: en['api.event.unavailable'], code: 'event_unavailable' },
  captcha: { captcha: [en['api.error.captcha']], code: 'captcha_invalid' },
  throttled: { detail: 'Too many attempts. Try again in 60 seconds.', code: 'throttled' },
} as const;
const FORM = { name: 'Ana Rivera', email: 'ana@example.com', phone: '787-555-0123', how_heard: 'social', conditions: true } as const;
const BROWSER_REFUSAL = { code: 'invalid', messages: { conditions: [{ id: 'api.error.conditions' }] } };

type ModelEvent =
  | RegistrationEvent
  | { type: 'xstate.done.actor.submitRegistration'; output: unknown }
  | { type: 'xstate.error.actor.submitRegistration'; error: unknown };

const sampleEvents: ModelEvent[] = [
  { type: 'registration.captchaVerified', payload: 'solved-payload' },
  { type: 'registration.captchaCleared' },
  { type: 'registration.submit', body: FORM, refusal: null },
  { type: 'registration.submit', body: { ...FORM, conditions: true }, refusal: BROWSER_REFUSAL },
  { type: 'xstate.done.actor.submitRegistration', output: { detail: en['api.event.registered'] } },
  ...Object.values(ANSWERS).map((body) => ({ type: 'xstate.error.actor.submitRegistration' as const, error: { status: 409, body } })),
  { type: 'xstate.error.actor.submitRegistration', error: new TypeError('Failed to fetch') },
  { type: 'registration.retry' },
  { type: 'registration.edit' },
];

const model = createTestModel(testMachineOf(registrationMachine), {
  input: { eventId: 5 },
  events: sampleEvents,
  // The counters grow without end: states are told apart by value, captcha and what is shown.
  serializeState: (state) => {
    const { captcha, refusal, body } = (state as Snapshot).context;
    return JSON.stringify([state.value, captcha, refusal, body !== null]);
  },
});

const visited = new Set<string>();

function createWorld() {
  const calls: Array<{ input: SubmitRegistrationInput; resolve: (value: unknown) => void; reject: (error: unknown) => void }> = [];
  const actor = createActor(
    registrationMachine.provide({
      actors: {
        submitRegistration: fromPromise<unknown, SubmitRegistrationInput>(
          ({ input }) => new Promise((resolve, reject) => calls.push({ input, resolve, reject })),
        ),
      },
      actions: {
        registeredFor: (_, eventId) => {
          world.registeredFor.push(eventId);
        },
      },
    }),
    { input: { eventId: 5 } },
  );
  const world = { actor, calls, widget: 0, attempts: 0, registeredFor: [] as number[] };
  actor.start();
  return world;
}
type World = ReturnType<typeof createWorld>;

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function params(world: World): TestParam<Snapshot, ModelEvent> {
  const actual = (state: Snapshot) => {
    const snapshot = world.actor.getSnapshot();
    expect(snapshot.value).toEqual(state.value);
    // States are told apart by value, captcha and refusal (the counters are checked against the world's own count).
    expect(snapshot.context.captcha).toEqual(state.context.captcha);
    expect(snapshot.context.refusal).toEqual(state.context.refusal);
    expect(selectIsSubmitting(snapshot)).toBe(snapshot.matches('submitting'));
    expect(selectCanEdit(snapshot)).toBe(snapshot.matches('editing'));
    expect(selectWidgetKey(snapshot)).toBe(world.widget);
    expect(selectAttempt(snapshot)).toBe(world.attempts);
    visited.add(typeof snapshot.value === 'string' ? snapshot.value : `editing.${String(Object.values(snapshot.value)[0])}`);
    return snapshot;
  };
  const pendingCalls = () => world.calls.length - settledCount;
  let settledCount = 0;
  const last = () => {
    const call = world.calls.at(-1);
    if (!call) throw new Error('no call');
    return call;
  };
  return {
    states: {
      'editing.unsolved': (state) => {
        const snapshot = actual(state);
        expect(selectCaptchaVerified(snapshot)).toBe(false);
        expect(selectShowsForm(snapshot)).toBe(true);
        expect(pendingCalls()).toBe(0);
      },
      'editing.verified': (state) => {
        const snapshot = actual(state);
        expect(selectCaptchaVerified(snapshot)).toBe(true);
        expect(snapshot.context.captcha).toBe('solved-payload');
      },
      submitting: (state) => {
        actual(state);
        // One call in flight, with the form as typed and the solved captcha.
        expect(pendingCalls()).toBe(1);
        expect(last().input).toEqual({ eventId: 5, body: { ...FORM, captcha: 'solved-payload' } });
      },
      registered: (state) => {
        const snapshot = actual(state);
        expect(selectOutcome(snapshot)).toBe('registered');
        // The event's spots are read again once, for this event (the page then shows one spot fewer).
        expect(world.registeredFor).toEqual([5]);
        expect(selectShowsForm(snapshot)).toBe(false);
      },
      duplicate: (state) => {
        const snapshot = actual(state);
        expect(selectOutcome(snapshot)).toBe('duplicate');
        expect(snapshot.context.captcha).toBeNull();
      },
      unavailable: (state) => {
        const snapshot = actual(state);
        expect(selectOutcome(snapshot)).toBe('unavailable');
        expect(selectShowsForm(snapshot)).toBe(false);
      },
      failed: (state) => {
        const snapshot = actual(state);
        expect(selectOutcome(snapshot)).toBe('failed');
        // The server's words when it said something (429), nothing for a dropped network.
        expect([ANSWERS.throttled, null]).toContainEqual(selectRefusal(snapshot));
      },
    },
    events: {
      'registration.captchaVerified': async ({ event }) => void world.actor.send(event as RegistrationEvent),
      'registration.captchaCleared': async ({ event }) => void world.actor.send(event as RegistrationEvent),
      'registration.retry': async ({ event }) => {
        world.actor.send(event as RegistrationEvent);
        await settle();
      },
      'registration.edit': async ({ event }) => {
        world.widget += 1;
        world.actor.send(event as RegistrationEvent);
      },
      'registration.submit': async ({ event }) => {
        const submit = event as Extract<RegistrationEvent, { type: 'registration.submit' }>;
        const before = world.actor.getSnapshot();
        if (submit.refusal !== null || before.context.captcha === null) world.attempts += 1;
        world.actor.send(submit);
        await settle();
        if (submit.refusal !== null) expect(selectRefusal(world.actor.getSnapshot())).toEqual(submit.refusal);
        else if (before.context.captcha === null) expect(selectRefusal(world.actor.getSnapshot())).toEqual(CAPTCHA_REQUIRED);
      },
      'xstate.done.actor.submitRegistration': async ({ event }) => {
        settledCount += 1;
        last().resolve((event as ModelEvent as { output: unknown }).output);
        await settle();
      },
      'xstate.error.actor.submitRegistration': async ({ event }) => {
        const error = (event as ModelEvent as { error: { body?: { code?: string } } }).error;
        const code = error.body?.code;
        if (code === 'registration_duplicate' || code === 'captcha_invalid') world.widget += 1;
        if (code === 'captcha_invalid') world.attempts += 1;
        settledCount += 1;
        last().reject(error);
        await settle();
      },
    },
  };
}

describe('registration machine: generated paths', () => {
  const paths = model.getShortestPaths();

  it('explores a bounded, non-trivial model', () => {
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.length).toBeLessThan(500);
  });

  for (const path of paths) {
    it(path.description, async () => {
      await path.test(params(createWorld()));
    });
  }

  it('visited every state', () => {
    const leaves = getStateNodes(registrationMachine.root)
      .filter((node) => node.type !== 'compound')
      .map((node) => node.path.join('.'));
    expect(new Set(leaves)).toEqual(visited);
  });
});
