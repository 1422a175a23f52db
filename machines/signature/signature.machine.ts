// Signing a form on screen (docs/decisions/055-signing-in-the-browser.md): the applicant consents to sign
// electronically, types their name and may draw a signature, then the server stamps and stores the form. Without the
// consent nothing is sent; the typed name alone signs (a keyboard user's way); a failure keeps what was given.
import { assign, emit, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { SignatureContext, SignatureEmitted, SignatureEvent, SignatureMachineInput, SignedForm, SignFormInput } from './signature.types.ts';

/** The server's refusal body, when the failure carries one; else it never answered. */
const refusalOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'body' in error && error.body !== undefined
    ? { code: 'rejected' as const, body: error.body }
    : { code: 'network' as const };

export const signatureMachine = setup({
  // XState reads `types` only for inference; `{} as T` is its documented way to declare them.
  /* eslint-disable @typescript-eslint/consistent-type-assertions */
  types: {
    context: {} as SignatureContext,
    events: {} as SignatureEvent,
    input: {} as SignatureMachineInput,
    tags: {} as 'busy',
    // Heard by the panel (it hands the form to its field); the machine lives in the session, not in the view.
    emitted: {} as SignatureEmitted,
  },
  /* eslint-enable @typescript-eslint/consistent-type-assertions */
  actors: {
    // Slot: src/actors/signature.ts provides the real call; tests settle it.
    signForm: fromPromise<SignedForm, SignFormInput>(async () => {
      throw { body: { detail: 'signForm is not provided' } };
    }),
  },
  actions: {
    giveConsent: assign((_, params: { given: boolean }) => ({ consent: params.given, error: null })),
    keepName: assign((_, params: { name: string }) => ({ name: params.name })),
    keepDrawing: assign((_, params: { drawing: string | null }) => ({ drawing: params.drawing })),
    refuseWithoutConsent: assign({ error: { code: 'consent_required' as const } }),
    refuseWithoutName: assign({ error: { code: 'name_required' as const } }),
    clearError: assign({ error: null }),
    keepSigned: assign((_, params: { signed: SignedForm }) => ({ signed: params.signed, error: null })),
    keepError: assign((_, params: { error: unknown }) => ({ error: refusalOf(params.error) })),
    /** A new signing starts from nothing: consent is given for each signing. */
    reset: assign({ consent: false, name: '', drawing: null, error: null, signed: null }),
    // Slot: the SPA puts the stored form where its field shows it (the intake form, or the no-income documents).
    reportSigned: (_, _signed: SignedForm) => {},
    /** Tells whoever listens (the panel) that the form is stored. */
    announceSigned: emit((_, signed: SignedForm) => ({ type: 'signature.signed' as const, signed })),
  },
  guards: {
    hasName: ({ context }) => context.name.trim() !== '',
    given: (_, params: { given: boolean }) => params.given,
    withdrawn: (_, params: { given: boolean }) => !params.given,
  },
}).createMachine({
  id: 'signature',
  description: 'Signing a form on screen: consent, the typed name and an optional drawing, then the server stamps and stores the signed PDF.',
  context: ({ input }) => ({
    applicationId: input.applicationId,
    form: input.form,
    consent: false,
    name: '',
    drawing: null,
    error: null,
    signed: null,
  }),
  initial: 'consent',
  states: {
    consent: {
      description: 'Waiting for the consent to sign electronically; the name and drawing may be given meanwhile, nothing is sent.',
      on: {
        'signature.consent': [
          {
            guard: { type: 'given', params: ({ event }) => ({ given: event.given }) },
            target: 'drawing',
            actions: { type: 'giveConsent', params: ({ event }) => ({ given: event.given }) },
          },
        ],
        'signature.name': { actions: { type: 'keepName', params: ({ event }) => ({ name: event.name }) } },
        'signature.draw': { actions: { type: 'keepDrawing', params: ({ event }) => ({ drawing: event.drawing }) } },
        'signature.send': { actions: 'refuseWithoutConsent' },
      },
    },
    drawing: {
      description: 'Consent given: the typed name is needed, the drawing is optional; sending signs.',
      on: {
        'signature.consent': {
          guard: { type: 'withdrawn', params: ({ event }) => ({ given: event.given }) },
          target: 'consent',
          actions: { type: 'giveConsent', params: { given: false } },
        },
        'signature.name': { actions: [{ type: 'keepName', params: ({ event }) => ({ name: event.name }) }, 'clearError'] },
        'signature.draw': { actions: { type: 'keepDrawing', params: ({ event }) => ({ drawing: event.drawing }) } },
        'signature.send': [{ guard: 'hasName', target: 'sending', actions: 'clearError' }, { actions: 'refuseWithoutName' }],
      },
    },
    sending: {
      description: 'The server renders the form as presented, stamps it with the signature and stores it.',
      tags: ['busy'],
      invoke: {
        id: 'signForm',
        src: 'signForm',
        input: ({ context }) => ({
          applicationId: context.applicationId,
          body: { form: context.form, consent: context.consent, signer_name: context.name.trim(), drawing: context.drawing },
        }),
        onDone: {
          target: 'signed',
          actions: [
            { type: 'keepSigned', params: ({ event }) => ({ signed: event.output }) },
            { type: 'reportSigned', params: ({ event }) => event.output },
            { type: 'announceSigned', params: ({ event }) => event.output },
          ],
        },
        onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    signed: {
      description: 'Signed and stored: the panel says by whom and when; the form may be signed again.',
      on: { 'signature.again': { target: 'consent', actions: 'reset' } },
    },
    failed: {
      description: 'The server refused (the fields it names) or did not answer: what was given is kept, to correct and send again.',
      on: {
        'signature.consent': {
          guard: { type: 'withdrawn', params: ({ event }) => ({ given: event.given }) },
          target: 'consent',
          actions: { type: 'giveConsent', params: { given: false } },
        },
        'signature.name': { actions: { type: 'keepName', params: ({ event }) => ({ name: event.name }) } },
        'signature.draw': { actions: { type: 'keepDrawing', params: ({ event }) => ({ drawing: event.drawing }) } },
        'signature.send': [{ guard: 'hasName', target: 'sending', actions: 'clearError' }, { actions: 'refuseWithoutName' }],
      },
    },
  },
});

export type SignatureMachine = typeof signatureMachine;
export type SignatureActorRef = ActorRefFrom<SignatureMachine>;
