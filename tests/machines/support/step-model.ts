// The step machine's model events, shared by its own path tests and by the composed application's: its events and
// the answers of its invoked flush and submit, which the model sends as events.
import type { SnapshotFrom } from 'xstate';
import type { stepMachine } from '#machines/step/step.machine.ts';
import type { StepEvent, SubmitStepOutput } from '#machines/step/step.types.ts';

export type StepSnapshot = SnapshotFrom<typeof stepMachine>;
export type StepModelEvent =
  | StepEvent
  | { type: 'xstate.init' }
  | { type: 'xstate.done.actor.flushDraft'; output: { draft: null } }
  | { type: 'xstate.error.actor.flushDraft'; error: unknown }
  | { type: 'xstate.done.actor.submitStep'; output: SubmitStepOutput }
  | { type: 'xstate.error.actor.submitStep'; error: unknown };
