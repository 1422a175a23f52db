// Autosave of one application step's draft: debounced saves, offline, retries with backoff, conflicts between tabs.
import { and, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type {
  AutosaveContext,
  AutosaveEvent,
  AutosaveInput,
  DraftData,
  LocalCopy,
  LocalCopyKey,
  SaveDraftError,
  SaveDraftInput,
  SaveDraftOutput,
  ServerDraft,
} from './autosave.types.ts';

/** Quiet time after the last keystroke before a save. Overridable: `.provide({ delays: { debounce } })`. */
export const DEBOUNCE_MS = 800;
/** Backoff ceiling: a long outage is retried every 30 s, not every few hours. */
export const MAX_RETRY_DELAY_MS = 30_000;
/** 2^(6-1) s = 32 s is past the ceiling, so counting further would change nothing but the context. */
export const MAX_RETRY_ATTEMPT = 6;

/**
 * The id under which the application machine registers a step's autosave actor in its actor system, so the step's
 * flush finds its sibling (one application per actor system).
 */
export const autosaveSystemId = (step: number): string => `autosave-${step}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON with object keys sorted, so two drafts compare by content, not by key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    isRecord(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : item,
  );
}

/** Two drafts say the same (whatever their keys' order). */
export function sameDraft(a: DraftData, b: DraftData): boolean {
  return canonical(a) === canonical(b);
}

/** 1 s, 2 s, 4 s, 8 s, 16 s, then 30 s for attempt 1, 2, 3... */
export function retryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** (Math.max(attempt, 1) - 1), MAX_RETRY_DELAY_MS);
}

/**
 * Reads a saveDraft rejection. Shapes other than the documented ones count as network failures:
 * a bare `fetch` rejects with a TypeError when offline, and retrying keeps the person's data.
 */
export function toSaveDraftError(error: unknown): SaveDraftError {
  if (typeof error === 'object' && error !== null && 'kind' in error) {
    if (error.kind === 'conflict' && 'current' in error && isServerDraft(error.current)) {
      const sent = 'sent' in error && isRecord(error.sent) ? error.sent : undefined;
      return sent === undefined ? { kind: 'conflict', current: error.current } : { kind: 'conflict', current: error.current, sent };
    }
    if (error.kind === 'rejected') {
      return { kind: 'rejected', body: 'body' in error ? error.body : undefined };
    }
  }
  return { kind: 'network' };
}

function isServerDraft(value: unknown): value is ServerDraft {
  return (
    typeof value === 'object' &&
    value !== null &&
    'data' in value &&
    typeof value.data === 'object' &&
    value.data !== null &&
    'version' in value &&
    typeof value.version === 'number'
  );
}

const localCopyOf = (context: AutosaveContext): LocalCopy => ({
  applicationId: context.applicationId,
  step: context.step,
  data: context.data,
  version: context.version,
});

const localCopyKeyOf = (context: AutosaveContext): LocalCopyKey => ({
  applicationId: context.applicationId,
  step: context.step,
});

// Named action references reused by several states; params are read after the assigns before them.
const persist = { type: 'persistLocalCopy', params: ({ context }: { context: AutosaveContext }) => localCopyOf(context) } as const;
const clearCopy = { type: 'clearLocalCopy', params: ({ context }: { context: AutosaveContext }) => localCopyKeyOf(context) } as const;
/** The server's copy that equals what was sent: the SPA writes it into its cache. */
const adoptCopy = {
  type: 'adoptServerCopy',
  params: ({ context, event }: { context: AutosaveContext; event: { error: unknown } }) => {
    const error = toSaveDraftError(event.error);
    return { ...localCopyKeyOf(context), ...(error.kind === 'conflict' ? error.current : { data: context.data, version: context.version }) };
  },
} as const;
const keepChange = {
  type: 'keepChange',
  params: ({ event }: { event: Extract<AutosaveEvent, { type: 'autosave.change' }> }) => ({ data: event.data }),
} as const;
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

export const autosaveMachine = setup({
  // XState reads `types` only for inference; `{} as T` is its documented way to declare them.
  /* eslint-disable @typescript-eslint/consistent-type-assertions */
  types: {
    context: {} as AutosaveContext,
    events: {} as AutosaveEvent,
    input: {} as AutosaveInput,
    tags: {} as 'busy' | 'dirty',
  },
  /* eslint-enable @typescript-eslint/consistent-type-assertions */
  actors: {
    // Slot: the SPA provides the real call in src/actors; tests provide deferred promises.
    saveDraft: fromPromise<SaveDraftOutput, SaveDraftInput>(async () => {
      throw { kind: 'rejected', body: { detail: 'saveDraft is not provided' } } satisfies SaveDraftError;
    }),
  },
  actions: {
    // Slots: browser storage is the SPA's business; the machine only says when.
    persistLocalCopy: (_, _copy: LocalCopy) => {},
    clearLocalCopy: (_, _key: LocalCopyKey) => {},
    keepChange: assign((_, params: { data: DraftData }) => ({ data: params.data })),
    queueChange: assign({ queuedSave: ({ context }) => (context.queuedSave === 'now' ? 'now' : 'debounced') }),
    queueFlush: assign({ queuedSave: ({ context }) => (context.queuedSave === 'none' ? 'none' : 'now') }),
    acceptSaved: assign((_, params: { version: number }) => ({
      version: params.version,
      queuedSave: 'none' as const,
      attempt: 0,
      error: null,
    })),
    countNetworkFailure: assign({
      attempt: ({ context }) => Math.min(context.attempt + 1, MAX_RETRY_ATTEMPT),
      error: { kind: 'network' as const },
      queuedSave: 'none' as const,
    }),
    waitForNetwork: assign({ queuedSave: 'none' as const }),
    /**
     * The server already holds exactly what this save sent (an earlier save whose answer was lost, then retried): that
     * is saved, on the server's version, not a conflict to ask the person about.
     */
    acceptServerCopy: assign((_, params: { error: unknown }) => {
      const error = toSaveDraftError(params.error);
      return error.kind === 'conflict' ? { version: error.current.version, queuedSave: 'none' as const, attempt: 0, error: null } : {};
    }),
    // Slot: the SPA keeps its cache in step with the server's copy it just learnt of.
    adoptServerCopy: (_, _copy: LocalCopy) => {},
    keepTheirs: assign((_, params: { error: unknown }) => {
      const error = toSaveDraftError(params.error);
      return error.kind === 'conflict' ? { theirs: error.current, queuedSave: 'none' as const } : {};
    }),
    keepRejection: assign((_, params: { error: unknown }) => {
      const error = toSaveDraftError(params.error);
      return { error: { kind: 'rejected' as const, body: error.kind === 'rejected' ? error.body : undefined }, queuedSave: 'none' as const };
    }),
    takeTheirs: assign(({ context }) => ({
      data: context.theirs?.data ?? context.data,
      version: context.theirs?.version ?? context.version,
      theirs: null,
      error: null,
      attempt: 0,
    })),
    // "Mine": our data goes on top of their version, so the next save is not a conflict again.
    rebaseOnTheirs: assign(({ context }) => ({ version: context.theirs?.version ?? context.version, theirs: null })),
    markOnline: assign({ online: true }),
    markOffline: assign({ online: false }),
  },
  guards: {
    isOffline: ({ context }) => !context.online,
    hasQueuedFlush: ({ context }) => context.queuedSave === 'now',
    hasQueuedChange: ({ context }) => context.queuedSave === 'debounced',
    isConflict: (_, params: { error: unknown }) => toSaveDraftError(params.error).kind === 'conflict',
    /** A version conflict whose server draft is exactly what this save sent (compared whatever the keys' order). */
    // Reads the save's error event itself (no params), so that it combines with the queue's guards in and().
    isConflictWithSameDraft: ({ context, event }) => {
      const error = toSaveDraftError('error' in event ? event.error : undefined);
      return error.kind === 'conflict' && sameDraft(error.current.data, error.sent ?? context.data);
    },
    isNetworkFailure: (_, params: { error: unknown }) => toSaveDraftError(params.error).kind === 'network',
    isNetworkFailureWhileOffline: ({ context }, params: { error: unknown }) =>
      !context.online && toSaveDraftError(params.error).kind === 'network',
    choseMine: ({ event }) => event.type === 'autosave.resolveConflict' && event.choice === 'mine',
    choseTheirs: ({ event }) => event.type === 'autosave.resolveConflict' && event.choice === 'theirs',
  },
  delays: {
    debounce: DEBOUNCE_MS,
    retryBackoff: ({ context }) => retryDelayMs(context.attempt),
  },
}).createMachine({
  id: 'autosave',
  description: 'Saves one step draft in the background; the person never loses what they typed.',
  context: ({ input }) => ({
    applicationId: input.applicationId,
    step: input.step,
    data: input.data,
    version: input.version,
    queuedSave: 'none',
    attempt: 0,
    online: true,
    theirs: null,
    error: null,
  }),
  initial: 'idle',
  // Anywhere not handled below, the browser's network status is just remembered.
  on: {
    'autosave.online': { actions: 'markOnline' },
    'autosave.offline': { actions: 'markOffline' },
  },
  states: {
    idle: {
      description: 'Nothing typed since the step was loaded.',
      on: {
        'autosave.change': [
          { guard: 'isOffline', target: 'offline', actions: [keepChange, persist] },
          { target: 'dirty', actions: [keepChange, persist] },
        ],
      },
    },
    saved: {
      description: 'The server has everything the person typed.',
      on: {
        'autosave.change': [
          { guard: 'isOffline', target: 'offline', actions: [keepChange, persist] },
          { target: 'dirty', actions: [keepChange, persist] },
        ],
      },
    },
    dirty: {
      description: 'Unsaved changes; saving after a quiet moment (debounce) or on flush.',
      tags: ['dirty'],
      after: {
        debounce: [{ guard: 'isOffline', target: 'offline' }, { target: 'saving' }],
      },
      on: {
        // Re-entering restarts the debounce timer.
        'autosave.change': { target: 'dirty', reenter: true, actions: [keepChange, persist] },
        'autosave.flush': [{ guard: 'isOffline', target: 'offline' }, { target: 'saving' }],
        'autosave.offline': { target: 'offline', actions: 'markOffline' },
      },
    },
    saving: {
      description: 'Sending the draft to the server.',
      tags: ['busy', 'dirty'],
      invoke: {
        id: 'saveDraft',
        src: 'saveDraft',
        input: ({ context }) => ({
          applicationId: context.applicationId,
          step: context.step,
          data: context.data,
          version: context.version,
        }),
        onDone: [
          // Typed during the save, then left the field: save the newer data right away. In both queued cases the
          // local copy is rewritten on the version just saved: it still named the older one, and a reload before the
          // next save would then take this tab's own save for another tab's and show a needless conflict.
          {
            guard: 'hasQueuedFlush',
            target: 'saving',
            reenter: true,
            actions: [{ type: 'acceptSaved', params: ({ event }) => ({ version: event.output.version }) }, persist],
          },
          {
            guard: 'hasQueuedChange',
            target: 'dirty',
            actions: [{ type: 'acceptSaved', params: ({ event }) => ({ version: event.output.version }) }, persist],
          },
          {
            target: 'saved',
            actions: [{ type: 'acceptSaved', params: ({ event }) => ({ version: event.output.version }) }, clearCopy],
          },
        ],
        onError: [
          // A conflict with the very draft this save sent is a save whose answer was lost: settled as onDone is.
          {
            guard: and(['isConflictWithSameDraft', 'hasQueuedFlush']),
            target: 'saving',
            reenter: true,
            actions: [{ type: 'acceptServerCopy', params: errorOf }, persist],
          },
          {
            guard: and(['isConflictWithSameDraft', 'hasQueuedChange']),
            target: 'dirty',
            actions: [{ type: 'acceptServerCopy', params: errorOf }, persist],
          },
          {
            guard: 'isConflictWithSameDraft',
            target: 'saved',
            actions: [{ type: 'acceptServerCopy', params: errorOf }, adoptCopy, clearCopy],
          },
          { guard: { type: 'isConflict', params: errorOf }, target: 'conflict', actions: { type: 'keepTheirs', params: errorOf } },
          { guard: { type: 'isNetworkFailureWhileOffline', params: errorOf }, target: 'offline', actions: 'waitForNetwork' },
          { guard: { type: 'isNetworkFailure', params: errorOf }, target: 'retrying', actions: 'countNetworkFailure' },
          { target: 'failed', actions: { type: 'keepRejection', params: errorOf } },
        ],
      },
      on: {
        // The request carries the data as it was when it started; newer data waits for the next save.
        'autosave.change': { actions: [keepChange, persist, 'queueChange'] },
        'autosave.flush': { actions: 'queueFlush' },
      },
    },
    offline: {
      description: 'The browser is offline: changes are kept locally and saved once it is back.',
      tags: ['dirty'],
      on: {
        'autosave.change': { actions: [keepChange, persist] },
        'autosave.online': { target: 'saving', actions: 'markOnline' },
      },
    },
    retrying: {
      description: 'The last save failed on the network; trying again after a growing pause (1 s, 2 s, 4 s... 30 s).',
      tags: ['dirty'],
      after: {
        retryBackoff: { target: 'saving' },
      },
      on: {
        // The retry sends the latest data, so there is nothing to queue.
        'autosave.change': { actions: [keepChange, persist] },
        'autosave.flush': { target: 'saving' },
        'autosave.offline': { target: 'offline', actions: 'markOffline' },
      },
    },
    conflict: {
      description: 'Another tab saved a newer version; the person chooses theirs or mine.',
      tags: ['dirty'],
      on: {
        'autosave.change': { actions: [keepChange, persist] },
        'autosave.resolveConflict': [
          { guard: 'choseTheirs', target: 'saved', actions: ['takeTheirs', clearCopy] },
          { guard: 'choseMine', target: 'saving', actions: 'rebaseOnTheirs' },
        ],
      },
    },
    failed: {
      description: 'The server refused the draft (error kept as it answered); the next change or flush tries again.',
      tags: ['dirty'],
      on: {
        'autosave.change': [
          { guard: 'isOffline', target: 'offline', actions: [keepChange, persist] },
          { target: 'dirty', actions: [keepChange, persist] },
        ],
        'autosave.flush': [{ guard: 'isOffline', target: 'offline' }, { target: 'saving' }],
      },
    },
  },
});

export type AutosaveMachine = typeof autosaveMachine;
export type AutosaveActorRef = ActorRefFrom<AutosaveMachine>;
