// Types of the bulk-review machine: staff select applications on the list and assign a reviewer to them or start
// their review in one request (docs/decisions/040-staff-queues-and-history.md); the server reports each one.
import type { components } from '#api/schema.d.ts';

type Schemas = components['schemas'];

/** What is sent: the contract's body of bulkAdminApplications. */
export type BulkRequest = Schemas['AdminBulkInput'];
/** What became of one application (done, or refused with its code and reason). */
export type BulkOutcome = Schemas['AdminBulkResult']['results'][number];

export interface BulkReviewContext {
  /** The applications selected, in the order they were picked. */
  selected: number[];
  request: BulkRequest | null;
  /** The last request's outcomes, one per application. */
  outcomes: BulkOutcome[];
  /** The server's body when the whole request failed or was refused (already localized), null when it never answered. */
  errorBody: unknown;
}

export type BulkReviewEvent =
  | { type: 'bulk.toggle'; id: number }
  /** Select (or clear) every row of the page shown. */
  | { type: 'bulk.page'; ids: number[]; selected: boolean }
  | { type: 'bulk.clear' }
  | { type: 'bulk.assign'; reviewerId: number | null }
  | { type: 'bulk.start_review' }
  | { type: 'bulk.retry' }
  | { type: 'bulk.dismiss' };
