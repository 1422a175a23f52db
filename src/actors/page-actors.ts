// The effects of every page actor the session owns (machines/session/session.pages.ts), provided once with the app's
// query client where the session actor is made (src/actors/session.ts): views open them and never provide them.
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
import { provideAttendanceMachine, provideRegistrationMachine } from './events';
import { provideReviewMachine } from './review';
import { provideEnrolmentMachine, providePasskeysMachine } from './second-factor';
import { provideSignatureMachine } from './signature';

/** One provided machine per page kind, for `sessionMachine.provide({ actors })`. */
export function pageActors(queryClient: QueryClient) {
  return {
    drive: provideDriveMachine(queryClient),
    adminDrive: provideDriveMachine(queryClient, adminDriveCalls),
    userAction: provideUserActionMachine(queryClient),
    eventAction: provideEventActionMachine(queryClient),
    newsAction: provideNewsActionMachine(queryClient),
    noteAction: provideNoteActionMachine(queryClient),
    duplicateAction: provideDuplicateActionMachine(queryClient),
    review: provideReviewMachine(queryClient, (id, listener) => watchAdminApplication(queryClient, id, listener)),
    bulkReview: provideBulkReviewMachine(queryClient),
    attendance: provideAttendanceMachine(queryClient),
    registration: provideRegistrationMachine(queryClient),
    enrolment: provideEnrolmentMachine(queryClient),
    passkeys: providePasskeysMachine(queryClient),
    signature: provideSignatureMachine(queryClient),
  };
}
