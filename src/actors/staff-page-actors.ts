// The staff kinds of the session's page actors (machines/session/session.pages.ts), provided with the app's query
// client. Imported by the admin chunk only (src/app/AdminRoutes.tsx), which hands them to page-actors.ts as it loads:
// no applicant's browser loads staff machines or staff endpoints.
import type { QueryClient } from '@tanstack/react-query';
import { watchAdminApplication } from '#features/admin-applications/api/applications';
import { adminDriveCalls } from '#features/admin-drive/api/drive';
import {
  provideDuplicateActionMachine,
  provideEventActionMachine,
  provideNewsActionMachine,
  provideNoteActionMachine,
  provideUserActionMachine,
} from './admin-action';
import { provideBulkReviewMachine } from './bulk-review';
import { provideDriveMachine } from './drive';
import { provideReviewMachine } from './review';

export function staffPageActors(queryClient: QueryClient) {
  return {
    adminDrive: provideDriveMachine(queryClient, adminDriveCalls),
    userAction: provideUserActionMachine(queryClient),
    eventAction: provideEventActionMachine(queryClient),
    newsAction: provideNewsActionMachine(queryClient),
    noteAction: provideNoteActionMachine(queryClient),
    duplicateAction: provideDuplicateActionMachine(queryClient),
    review: provideReviewMachine(queryClient, (id, listener) => watchAdminApplication(queryClient, id, listener)),
    bulkReview: provideBulkReviewMachine(queryClient),
  };
}

export type StaffPageActors = ReturnType<typeof staffPageActors>;
