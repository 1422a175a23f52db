// What the review screens read from the review machine: the status, and which of staff's actions to offer.
import type { SnapshotFrom } from 'xstate';
import { APPLICATION_STATUSES, type ApplicationStatus, type LifecycleEvent } from '#shared/review-lifecycle.ts';
import type { reviewMachine } from './review.machine.ts';

type Snapshot = SnapshotFrom<typeof reviewMachine>;

/** The status the machine is in (null while it picks the first one). */
export function selectStatus(snapshot: Snapshot): ApplicationStatus | null {
  // The status states are built from the table, so XState's types only know `loading` by name.
  const value: string = String(snapshot.value);
  return APPLICATION_STATUSES.find((status) => status === value) ?? null;
}

/** Staff's actions the table allows now (a decision or a change request still needs its text to be sent). */
export function selectStaffActions(snapshot: Snapshot): LifecycleEvent[] {
  const can = (event: LifecycleEvent) => {
    switch (event) {
      case 'request_changes':
        return snapshot.can({ type: event, by: 'staff', message: '·', steps: [1] });
      case 'approve':
      case 'reject':
      case 'waitlist':
        return snapshot.can({ type: event, by: 'staff', reason: '·' });
      default:
        return snapshot.can({ type: event, by: 'staff' });
    }
  };
  return (['start_review', 'request_changes', 'approve', 'reject', 'waitlist', 'close', 'reopen'] as const).filter(can);
}

export const selectReviewerId = (snapshot: Snapshot): number | null => snapshot.context.reviewerId;
