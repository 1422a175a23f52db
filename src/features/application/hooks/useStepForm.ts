// What a step's form renders (read from its step and autosave actors) and the events it sends. Editing sends two
// events: the change to autosave, and `step.edit` so a submitted step becomes incomplete again.
import { useSelector } from '@xstate/react';
import { selectIsReadonly as selectApplicationReadonly } from '../../../../machines/application/application.selectors';
import {
  selectAutosaveError,
  selectAutosaveStatus,
  selectConflict,
  selectDraftData,
} from '../../../../machines/autosave/autosave.selectors';
import type { DraftData } from '../../../../machines/autosave/autosave.types';
import {
  selectCanSubmitStep,
  selectIsReadonly,
  selectIsSubmitting,
  selectStepError,
  selectStepStatus,
} from '../../../../machines/step/step.selectors';
import type { StepNumber } from '../../../../machines/step/step.types';
import { useWorkspace } from './useApplicationWorkspace';

export function useStepForm(step: StepNumber) {
  const { app, steps } = useWorkspace();
  const { step: stepActor, autosave } = steps[step];
  const applicationReadonly = useSelector(app, selectApplicationReadonly);
  const stepReadonly = useSelector(stepActor, selectIsReadonly);
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
    readonly: applicationReadonly || stepReadonly,
    /** Merges `patch` into the latest draft (read from the actor, so quick successive edits never use a stale copy). */
    edit(patch: DraftData) {
      autosave.send({ type: 'autosave.change', data: { ...autosave.getSnapshot().context.data, ...patch } });
      stepActor.send({ type: 'step.edit' });
    },
    flush() {
      autosave.send({ type: 'autosave.flush' });
    },
    submit() {
      stepActor.send({ type: 'step.submit' });
    },
    resolveConflict(choice: 'mine' | 'theirs') {
      autosave.send({ type: 'autosave.resolveConflict', choice });
    },
  };
}

export type StepForm = ReturnType<typeof useStepForm>;
