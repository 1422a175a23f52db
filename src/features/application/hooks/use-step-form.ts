// What a step's form renders (read from the step and autosave actors the application machine spawned for it) and the
// events it sends to the application machine, which relays them to those actors. The form holds no draft: each part
// selects what it shows (useStepDraft), so a keystroke re-renders the field's row, not the step
// (docs/decisions/068-quick-input.md).
import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
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

/**
 * What `select` reads from the step's draft; the caller re-renders only when it changes by `isEqual` (identity by
 * default: pick a value, a count or a list of constants, not a copy).
 */
export function useStepDraft<T>(step: StepNumber, select: (data: DraftData) => T, isEqual?: (a: T, b: T) => boolean): T {
  const { autosave } = useStepActors(step);
  return useSelector(autosave, (snapshot) => select(selectDraftData(snapshot)), isEqual);
}

const wholeDraft = (data: DraftData) => data;

/** The whole draft: its reader re-renders on every edit of the step (fine for a short step, not for the owners' screen). */
export const useStepData = (step: StepNumber): DraftData => useStepDraft(step, wholeDraft);

/** The draft as it is now, read when an event needs it (a row's callback), without subscribing to it. */
export function useLatestDraft(step: StepNumber): () => DraftData {
  const { autosave } = useStepActors(step);
  return useCallback(() => selectDraftData(autosave.getSnapshot()), [autosave]);
}

/** Whether the step is locked (submitted, closed, unavailable), without the rest of the form. */
export function useStepReadonly(step: StepNumber): boolean {
  return useSelector(useStepActors(step).step, selectIsReadonly);
}

export function useStepForm(step: StepNumber) {
  const { app } = useWorkspace();
  const { step: stepActor, autosave } = useStepActors(step);
  const saveStatus = useSelector(autosave, selectAutosaveStatus);
  const saveError = useSelector(autosave, selectAutosaveError);
  const conflict = useSelector(autosave, selectConflict);
  const status = useSelector(stepActor, selectStepStatus);
  const submitting = useSelector(stepActor, selectIsSubmitting);
  const canSubmit = useSelector(stepActor, selectCanSubmitStep);
  const stepError = useSelector(stepActor, selectStepError);
  // The application machine locks its steps once it is submitted, closed or unavailable.
  const readonly = useSelector(stepActor, selectIsReadonly);
  // One object while nothing it holds changes: memoized parts that take the form skip renders.
  const actions = useMemo(
    () => ({
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
    }),
    [app, step, stepActor],
  );
  return useMemo(
    () => ({ step, saveStatus, saveError, conflict, status, submitting, canSubmit, stepError, readonly, ...actions }),
    [step, saveStatus, saveError, conflict, status, submitting, canSubmit, stepError, readonly, actions],
  );
}

export type StepForm = ReturnType<typeof useStepForm>;
