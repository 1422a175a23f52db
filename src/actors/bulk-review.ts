// The real effects of the bulk-review machine (machines/bulk-review): one call to bulkAdminApplications; once it
// answers, staff's application lists and records are read again (some changed).
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { api } from '#api/client';
import { ApiError, unwrap } from '#api/errors';
import { bulkReviewMachine } from '#machines/bulk-review/bulk-review.machine';
import type { BulkOutcome, BulkRequest } from '#machines/bulk-review/bulk-review.types';

export const provideBulkReviewMachine = (queryClient: QueryClient) =>
  bulkReviewMachine.provide({
    actors: {
      perform: fromPromise<{ results: BulkOutcome[] }, BulkRequest>(async ({ input }) => {
        try {
          return await unwrap(api.POST('/admin/applications/bulk', { body: input }));
        } catch (error) {
          throw error instanceof ApiError ? { status: error.status, body: error.body ?? null } : { status: 0, body: null };
        }
      }),
    },
    actions: {
      reportDone: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'applications'] }),
    },
  });
