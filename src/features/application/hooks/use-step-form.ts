// What a step's form renders (read from the step and autosave actors the application machine spawned for it) and the
// events it sends to the application machine, which relays them to those actors.
import { useSelector } from '@xstate/react';
import { waitFor } from 'xstate';
import {
  selectAutosaveError,
  selectAutosaveStatus,
  selectConflict,
  selectDraftData,
} from '#machines/autosave/autosave.selectors';
import type { DraftData } from '#machines/autosave/autosave.types';
import {
  selectCanSubmitStep,
  selectIsReadonly,
  selectIsSubmitting,
  selectStepError,
  selectStepStatus,
} from '#machines/step/step.selectors';
import type { StepNumber } from '#machines/step/step.types';
import { useStepActors, useWorkspace } from './use-application-workspace';

export function useStepForm(step: StepNumber) {
  const { app } = useWorkspace();
  const { step: stepActor, autosave } = useStepActors(step);
  return {
    step,
    data: useSelector(autosave, selectDraftData),
    saveStatus: useSelector(autosave, selectAutosaveStatus),
    saveError: useSelector(autosave, selectAutosaveError),
    conflict: useSelector(autosave, selectConflict),
    status: useSelector(stepActor, selectStepStatus),
    submitting: useSelector(stepActor, selectIsSubmitting),
    canSubmit: useSelector(stepActor, selectCanSubmitStep),
    stepError: useSelector(stepActor, selectStepError),
    // The application machine locks its steps once it is submitted, closed or unavailable.
    readonly: useSelector(stepActor, selectIsReadonly),
    /** `patch` goes on top of the latest draft (the machine reads it, so quick successive edits never use a stale copy). */
    edit(patch: DraftData) {
      app.send({ type: 'application.edit', step, patch });
    },
    flush() {
      app.send({ type: 'application.flushStep', step });
    },
    /**
     * "Submit step": the step saves its draft and the server validates it. Resolves true once this submit left the
     * step submitted (the screen then moves on), false when it was refused, failed or edited meanwhile.
     */
    async submit(): Promise<boolean> {
      app.send({ type: 'application.submitStep', step });
      const settled = await waitFor(stepActor, (snapshot) => !snapshot.hasTag('busy')).catch(() => null);
      return settled !== null && selectStepStatus(settled) === 'submitted' && !selectIsReadonly(settled);
    },
    resolveConflict(choice: 'mine' | 'theirs') {
      app.send({ type: 'application.resolveConflict', step, choice });
    },
  };
}

export type StepForm = ReturnType<typeof useStepForm>;
