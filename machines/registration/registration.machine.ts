// The public registration form of an event or interest form: editing (captcha unsolved or verified), submitting, and
// the outcomes registered, duplicate, unavailable (closed, full, past or missing) and failed (retry).
import { assign, fromPromise, setup } from 'xstate';
import { serverErrorCode } from '#machines/shared/error-codes.ts';
import type { RegistrationBody, RegistrationContext, RegistrationEvent, RegistrationInput, SubmitRegistrationInput } from './registration.types.ts';

/** The server's answer inside a failed call (ApiError carries it as `body`); undefined when none came. */
export const bodyOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'body' in error ? (error as { body: unknown }).body : undefined;

/** The captcha field left unsolved, as an error body (message ids, worded by the view). */
export const CAPTCHA_REQUIRED = { code: 'captcha_invalid', messages: { captcha: [{ id: 'api.field.required' }] } } as const;

type Submit = Extract<RegistrationEvent, { type: 'registration.submit' }>;

export const registrationMachine = setup({
  /* eslint-disable @typescript-eslint/consistent-type-assertions */
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
    tags: {} as 'busy' | 'editable',
  },
  /* eslint-enable @typescript-eslint/consistent-type-assertions */
  actors: {
    // Slot: src/actors/registration.ts provides the real call; tests answer it.
    submitRegistration: fromPromise<unknown, SubmitRegistrationInput>(async () => {
      throw new Error('submitRegistration is not provided');
    }),
  },
  actions: {
    keepCaptcha: assign((_, params: { payload: string }) => ({ captcha: params.payload })),
    clearCaptcha: assign({ captcha: null }),
    refuse: assign(({ context }, params: { refusal: unknown }) => ({ refusal: params.refusal, attempt: context.attempt + 1 })),
    keepBody: assign(({ context }, params: { body: Submit['body'] }) => ({
      body: { ...params.body, captcha: context.captcha ?? '' } satisfies RegistrationBody,
      refusal: null,
    })),
    // A captcha the server saw is spent: the next attempt needs a fresh puzzle.
    newPuzzle: assign(({ context }) => ({ captcha: null, widget: context.widget + 1 })),
    keepFailure: assign((_, params: { error: unknown }) => ({ refusal: bodyOf(params.error) ?? null })),
    startOver: assign(({ context }) => ({ captcha: null, widget: context.widget + 1, refusal: null, body: null })),
    // Slot: the SPA shows the event's spots left again (src/actors/events.ts); one fewer now.
    registeredFor: (_, _eventId: number) => {},
  },
  guards: {
    /** The captcha was answered: the form may go to the server. */
    hasCaptcha: ({ context }) => context.captcha !== null,
    refusedInBrowser: (_, params: { refusal: unknown }) => params.refusal !== null && params.refusal !== undefined,
    duplicate: (_, params: { error: unknown }) => serverErrorCode(bodyOf(params.error)) === 'registration_duplicate',
    unavailable: (_, params: { error: unknown }) => serverErrorCode(bodyOf(params.error)) === 'event_unavailable',
    /** Field errors (the captcha, the conditions...): the form is shown again with them. */
    fieldErrors: (_, params: { error: unknown }) => {
      const code = serverErrorCode(bodyOf(params.error));
      return code === 'invalid' || code === 'captcha_invalid';
    },
  },
}).createMachine({
  id: 'registration',
  description: 'One registration for an event or interest form, from the form to its outcome.',
  context: ({ input }) => ({ eventId: input.eventId, captcha: null, widget: 0, body: null, refusal: null, attempt: 0 }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The person fills in the form and solves the captcha.',
      tags: ['editable'],
      initial: 'unsolved',
      on: {
        'registration.captchaVerified': { target: '.verified', actions: { type: 'keepCaptcha', params: ({ event }) => ({ payload: event.payload }) } },
        'registration.captchaCleared': { target: '.unsolved', actions: 'clearCaptcha' },
        'registration.submit': [
          {
            guard: { type: 'refusedInBrowser', params: ({ event }) => ({ refusal: event.refusal }) },
            actions: { type: 'refuse', params: ({ event }) => ({ refusal: event.refusal }) },
          },
          { guard: 'hasCaptcha', target: 'submitting', actions: { type: 'keepBody', params: ({ event }) => ({ body: event.body }) } },
          // Only the captcha is missing: the same answer the contract's check gives an empty one.
          { actions: { type: 'refuse', params: { refusal: CAPTCHA_REQUIRED } } },
        ],
      },
      states: {
        unsolved: { description: 'The captcha is not solved yet (or it expired); the browser checks ask for it.' },
        verified: { description: 'The captcha is solved: the form may be sent.' },
      },
    },
    submitting: {
      description: 'Sending the registration.',
      tags: ['busy'],
      invoke: {
        id: 'submitRegistration',
        src: 'submitRegistration',
        input: ({ context }) => {
          if (!context.body) throw new Error('submitting without a body');
          return { eventId: context.eventId, body: context.body };
        },
        onDone: { target: 'registered' },
        onError: [
          { guard: { type: 'duplicate', params: ({ event }) => ({ error: event.error }) }, target: 'duplicate', actions: 'newPuzzle' },
          { guard: { type: 'unavailable', params: ({ event }) => ({ error: event.error }) }, target: 'unavailable' },
          {
            guard: { type: 'fieldErrors', params: ({ event }) => ({ error: event.error }) },
            target: 'editing.unsolved',
            actions: ['newPuzzle', { type: 'refuse', params: ({ event }) => ({ refusal: bodyOf(event.error) }) }],
          },
          { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    registered: {
      description: "'Registration was successful.': the confirmation e-mail is on its way.",
      type: 'final',
      entry: { type: 'registeredFor', params: ({ context }) => context.eventId },
    },
    duplicate: {
      description: "'A registration already has been submitted with this email.': another address may be used.",
      on: { 'registration.edit': { target: 'editing.unsolved', actions: 'startOver' } },
    },
    unavailable: { description: "'Event unavailable': closed, full, past or gone.", type: 'final' },
    failed: {
      description: 'No verdict came (the network, a busy or failing server, too many attempts): the same body can be sent again.',
      on: {
        'registration.retry': { target: 'submitting' },
        'registration.edit': { target: 'editing.unsolved', actions: 'startOver' },
      },
    },
  },
});

export type RegistrationMachine = typeof registrationMachine;
