// Selectors over bulk-review snapshots: what the list's checkboxes, action bar and report show.
import type { SnapshotFrom } from 'xstate';
import type { BulkReviewMachine } from './bulk-review.machine.ts';
import type { BulkOutcome } from './bulk-review.types.ts';

type Snapshot = SnapshotFrom<BulkReviewMachine>;

export const selectSelected = (snapshot: Snapshot): number[] => snapshot.context.selected;
export const selectIsSelected = (id: number) => (snapshot: Snapshot): boolean => snapshot.context.selected.includes(id);
export const selectIsWorking = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
/** The checkboxes can change: not while a request is on its way or its failure is shown. */
export const selectCanSelect = (snapshot: Snapshot): boolean => snapshot.can({ type: 'bulk.clear' });
/** The actions are offered when something is selected and nothing is on its way. */
export const selectCanAct = (snapshot: Snapshot): boolean => snapshot.can({ type: 'bulk.start_review' });
export const selectOutcomes = (snapshot: Snapshot): BulkOutcome[] => (snapshot.matches('reported') ? snapshot.context.outcomes : []);
export const selectRefused = (snapshot: Snapshot): BulkOutcome[] => selectOutcomes(snapshot).filter((outcome) => !outcome.done);
export const selectDoneCount = (snapshot: Snapshot): number => selectOutcomes(snapshot).filter((outcome) => outcome.done).length;
export const selectIsReported = (snapshot: Snapshot): boolean => snapshot.matches('reported');
export const selectHasFailed = (snapshot: Snapshot): boolean => snapshot.matches('failed');
export const selectErrorBody = (snapshot: Snapshot): unknown => snapshot.context.errorBody;
