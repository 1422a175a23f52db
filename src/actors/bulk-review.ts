// The real effects of the bulk-review machine (machines/bulk-review): one staff command, bulkAdminApplications, sent
// through the staff write path (src/actors/staff-commands.ts); once it answers, staff's application lists and records
// are read again (some changed). A failure rejects with the StaffCallError whose body the machine keeps.
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { bulkReviewMachine } from '#machines/bulk-review/bulk-review.machine';
import type { BulkOutcome, BulkRequest } from '#machines/bulk-review/bulk-review.types';
import { performStaffCommand } from './staff-commands';

export const provideBulkReviewMachine = (queryClient: QueryClient) =>
  bulkReviewMachine.provide({
    actors: {
      perform: fromPromise<{ results: BulkOutcome[] }, BulkRequest>(({ input }) => performStaffCommand({ operationId: 'bulkAdminApplications', body: input })),
    },
    actions: {
      reportDone: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'applications'] }),
    },
  });
