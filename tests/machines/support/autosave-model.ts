// The autosave machine's model, shared by its own path tests and by the composed application's: the events a path
// may take (a few fixed samples, so the explored space stays finite) and what tells two explored states apart.
import type { SnapshotFrom } from 'xstate';
import type { autosaveMachine } from '#machines/autosave/autosave.machine.ts';
import type { AutosaveEvent, DraftData, SaveDraftError, SaveDraftOutput } from '#machines/autosave/autosave.types.ts';
import { SERVER_ANSWERS } from '../../support/server-answers.ts';

export type AutosaveSnapshot = SnapshotFrom<typeof autosaveMachine>;
export type AutosaveModelEvent =
  | AutosaveEvent
  | { type: 'xstate.init' }
  | { type: 'xstate.done.actor.saveDraft'; output: SaveDraftOutput }
  | { type: 'xstate.error.actor.saveDraft'; error: SaveDraftError }
  | { type: 'xstate.after.debounce.autosave.dirty' }
  | { type: 'xstate.after.retryBackoff.autosave.retrying' };

export const LOADED: DraftData = { business_name: 'Panadería' };
export const TYPED_A: DraftData = { business_name: 'Panadería Luna' };
export const TYPED_B: DraftData = { business_name: 'Panadería Luna LLC' };
export const THEIRS: DraftData = { business_name: 'Panadería del otro tab' };
/** A body the server refuses a draft with. */
export const REJECTION = SERVER_ANSWERS.draftTooLong;

export const nameOf = (data: DraftData) => String(data.business_name);

/** Events offered in each model state. Their version numbers serve the model only: the fake server numbers its own. */
export function autosaveSampleEvents(state: AutosaveSnapshot): AutosaveModelEvent[] {
  const { data, version } = state.context;
  return [
    // One change per state, alternating, so "changed again" always means different data.
    { type: 'autosave.change', data: nameOf(data) === nameOf(TYPED_A) ? TYPED_B : TYPED_A },
    { type: 'autosave.flush' },
    { type: 'autosave.online' },
    { type: 'autosave.offline' },
    { type: 'autosave.resolveConflict', choice: 'mine' },
    { type: 'autosave.resolveConflict', choice: 'theirs' },
    { type: 'xstate.done.actor.saveDraft', output: { version: version + 1 } },
    { type: 'xstate.error.actor.saveDraft', error: { kind: 'network' } },
    { type: 'xstate.error.actor.saveDraft', error: { kind: 'rejected', body: REJECTION } },
    { type: 'xstate.error.actor.saveDraft', error: { kind: 'conflict', current: { data: THEIRS, version: version + 1 } } },
    { type: 'xstate.after.debounce.autosave.dirty' },
    { type: 'xstate.after.retryBackoff.autosave.retrying' },
  ];
}

/**
 * What tells explored states apart: what the person could notice (the state, which sample the data
 * is, the queued save, the online flag, a conflict, the error kind, the first retries). Version
 * numbers grow without bound, so they are left out; the fake servers of the tests check them exactly.
 * Because this key is lossy, a path's step snapshots are representatives of their key, so tests
 * compare the actor with the model through this same projection, never context for context.
 */
export function autosaveProjection(state: AutosaveSnapshot) {
  const { data, queuedSave, attempt, online, theirs, error } = state.context;
  return {
    value: state.value,
    data: nameOf(data),
    queuedSave,
    attempt: Math.min(attempt, 2),
    online,
    theirs: theirs === null ? null : nameOf(theirs.data),
    error: error?.kind ?? null,
  };
}

/** The transition that led here is part of the key, so every transition between states gets a path. */
export function serializeAutosaveState(state: AutosaveSnapshot, event: AutosaveModelEvent | undefined, previous?: AutosaveSnapshot): string {
  const via =
    event && previous && JSON.stringify(previous.value) !== JSON.stringify(state.value)
      ? ` via ${event.type} from ${JSON.stringify(previous.value)}`
      : '';
  return JSON.stringify(autosaveProjection(state)) + via;
}

export const autosaveLabel = (event: AutosaveModelEvent) => {
  const type = event.type.replace(/^xstate\./, '');
  if (event.type === 'xstate.error.actor.saveDraft') return `${type} (${event.error.kind})`;
  if (event.type === 'autosave.resolveConflict') return `${type} (${event.choice})`;
  return type;
};
