// Adding and removing passkeys from the profile (docs/decisions/056-passkeys.md): the password and a name, the
// browser's prompt, and the ten recovery codes when it is the first second factor; removal needs the password and a
// fresh factor. Pure: the calls and the browser's WebAuthn prompts are injected with .provide().
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { AddPasskeyInput, PasskeyRegistered, PasskeysContext, PasskeysEvent, RemovePasskeyInput } from './second-factor.types.ts';

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`passkeys: provide the "${name}" actor`);
};

export const passkeysMachine = setup({
  // XState reads `types` only for inference; `{} as T` is its documented way to declare them.
  /* eslint-disable @typescript-eslint/consistent-type-assertions */
  types: {
    context: {} as PasskeysContext,
    events: {} as PasskeysEvent,
  },
  /* eslint-enable @typescript-eslint/consistent-type-assertions */
  actors: {
    addPasskey: fromPromise<PasskeyRegistered, AddPasskeyInput>(notProvided('addPasskey')),
    removePasskey: fromPromise<{ detail: string }, RemovePasskeyInput>(notProvided('removePasskey')),
  },
  actions: {
    /** A refused call (or a prompt the person closed): its error for the form, one more attempt for the focus. */
    recordFailure: assign(({ context }, params: { error: unknown }) => ({ error: params.error ?? null, attempt: context.attempt + 1 })),
    /** The account's second factor changed: the SPA reads GET /me/second-factor again. */
    factorChanged: () => {},
    /** Removed: the SPA shows the server's words. */
    announceRemoved: (_, _params: { detail: string }) => {},
  },
  guards: {
    firstFactor: (_, params: { registered: PasskeyRegistered }) => (params.registered.recovery_codes?.length ?? 0) > 0,
  },
}).createMachine({
  id: 'passkeys',
  description: 'The passkeys of the signed-in person: add one (password, name, the browser\'s prompt) or remove one.',
  context: { recoveryCodes: null, error: null, attempt: 0 },
  initial: 'idle',
  states: {
    idle: {
      description: 'The list of passkeys, the form to add one, and a removal form for each.',
      tags: 'editable',
      on: { 'passkey.add': { target: 'adding' }, 'passkey.remove': { target: 'removing' } },
    },
    adding: {
      description: 'POST /me/second-factor/passkeys/options, the browser\'s prompt, then POST /me/second-factor/passkeys.',
      tags: 'busy',
      invoke: {
        id: 'addPasskey',
        src: 'addPasskey',
        input: ({ event }) => {
          assertEvent(event, 'passkey.add');
          return { password: event.password, name: event.name };
        },
        onDone: [
          {
            guard: { type: 'firstFactor', params: ({ event }) => ({ registered: event.output }) },
            target: 'showingCodes',
            actions: [assign({ recoveryCodes: ({ event }) => event.output.recovery_codes ?? null, error: null }), 'factorChanged'],
          },
          { target: 'idle', actions: [assign({ error: null }), 'factorChanged'] },
        ],
        onError: { target: 'idle', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    showingCodes: {
      description: 'The first second factor\'s ten recovery codes, shown this once, until the person says they kept them.',
      on: { 'codes.saved': { target: 'idle', actions: assign({ recoveryCodes: null }) } },
    },
    removing: {
      description: 'The fresh factor (the browser\'s prompt, or a code), then POST /me/second-factor/passkeys/{id}/remove.',
      tags: 'busy',
      invoke: {
        id: 'removePasskey',
        src: 'removePasskey',
        input: ({ event }) => {
          assertEvent(event, 'passkey.remove');
          return { id: event.id, password: event.password, method: event.method, code: event.code };
        },
        onDone: {
          target: 'idle',
          actions: [assign({ error: null }), 'factorChanged', { type: 'announceRemoved', params: ({ event }) => ({ detail: event.output.detail }) }],
        },
        onError: { target: 'idle', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type PasskeysMachine = typeof passkeysMachine;
