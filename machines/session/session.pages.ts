// The page actors the session owns (docs/decisions/059-page-actors-in-the-session.md): each kind's machine, its
// input, and whether it outlives the view that opened it. Views open one with `page.open` and read it by its systemId.
import { fromPromise, type ActorRefFrom, type AnyActorLogic } from 'xstate';
import type { adminActionMachine } from '#machines/admin-action/admin-action.machine.ts';
import type { bulkReviewMachine } from '#machines/bulk-review/bulk-review.machine.ts';
import type { driveMachine } from '#machines/drive/drive.machine.ts';
import type { DriveInput } from '#machines/drive/drive.types.ts';
import type { reviewMachine } from '#machines/review/review.machine.ts';
import type { ReviewInput } from '#machines/review/review.types.ts';
import type { attendanceMachine } from '#machines/attendance/attendance.machine.ts';
import type { AttendanceInput } from '#machines/attendance/attendance.types.ts';
import type { registrationMachine } from '#machines/registration/registration.machine.ts';
import type { RegistrationInput } from '#machines/registration/registration.types.ts';
import type { enrolmentMachine } from '#machines/second-factor/enrolment.machine.ts';
import type { passkeysMachine } from '#machines/second-factor/passkeys.machine.ts';
import type { EnrolmentInput } from '#machines/second-factor/second-factor.types.ts';
import type { signatureMachine } from '#machines/signature/signature.machine.ts';
import type { SignatureMachineInput } from '#machines/signature/signature.types.ts';

/**
 * A kind's slot: only its type is the machine's, so the code every visitor loads (the session is made at boot) holds
 * no page machine. The SPA provides the real one from the chunk of the screens that open it (src/actors/page-actors.ts:
 * staff kinds from the admin chunk, docs/decisions/059-page-actors-in-the-session.md; the others with their screens,
 * docs/decisions/066-boot-closure.md), tests provide the pure machines, and a kind opened without it fails loudly.
 */
function slot<TLogic extends AnyActorLogic>(kind: string): TLogic {
  const missing = fromPromise(async () => {
    throw new Error(`session: provide the "${kind}" page actor with sessionMachine.provide({ actors })`);
  });
  return missing as unknown as TLogic;
}

/**
 * The machine of each kind: the session machine's slots (the SPA provides their effects once, in
 * src/actors/session.ts). The five admin-action kinds are one machine with each area's toasts and refreshed queries.
 */
export const PAGE_MACHINES = {
  drive: slot<typeof driveMachine>('drive'),
  adminDrive: slot<typeof driveMachine>('adminDrive'),
  userAction: slot<typeof adminActionMachine>('userAction'),
  eventAction: slot<typeof adminActionMachine>('eventAction'),
  newsAction: slot<typeof adminActionMachine>('newsAction'),
  noteAction: slot<typeof adminActionMachine>('noteAction'),
  duplicateAction: slot<typeof adminActionMachine>('duplicateAction'),
  review: slot<typeof reviewMachine>('review'),
  bulkReview: slot<typeof bulkReviewMachine>('bulkReview'),
  attendance: slot<typeof attendanceMachine>('attendance'),
  registration: slot<typeof registrationMachine>('registration'),
  enrolment: slot<typeof enrolmentMachine>('enrolment'),
  passkeys: slot<typeof passkeysMachine>('passkeys'),
  signature: slot<typeof signatureMachine>('signature'),
} as const;

export type PageKind = keyof typeof PAGE_MACHINES;

/** What each kind is started with (the kinds without input take none). */
export interface PageInputs {
  drive: DriveInput;
  adminDrive: DriveInput;
  userAction: undefined;
  eventAction: undefined;
  newsAction: undefined;
  noteAction: undefined;
  duplicateAction: undefined;
  review: ReviewInput;
  bulkReview: undefined;
  attendance: AttendanceInput;
  registration: RegistrationInput;
  enrolment: EnrolmentInput;
  passkeys: undefined;
  signature: SignatureMachineInput;
}

/** A view's request for one page actor: its kind, the key that makes it one (a program, a record), its input. */
export type PageOpening = { [K in PageKind]: { kind: K; key: string; input: PageInputs[K] } }[PageKind];

export type PageActorRef<K extends PageKind> = ActorRefFrom<(typeof PAGE_MACHINES)[K]>;

/**
 * How long each kind lives (the table of docs/decisions/059-page-actors-in-the-session.md). `outlivesView`: the
 * view leaving does not stop it (work in flight the person comes back to), only sign-out does. `public`: opened
 * signed out too (the event registration form is on the public home page).
 */
export const PAGE_LIFETIMES: Readonly<Record<PageKind, { outlivesView: boolean; public: boolean }>> = {
  drive: { outlivesView: true, public: false },
  adminDrive: { outlivesView: false, public: false },
  userAction: { outlivesView: false, public: false },
  eventAction: { outlivesView: false, public: false },
  newsAction: { outlivesView: false, public: false },
  noteAction: { outlivesView: false, public: false },
  duplicateAction: { outlivesView: false, public: false },
  review: { outlivesView: false, public: false },
  bulkReview: { outlivesView: false, public: false },
  attendance: { outlivesView: false, public: false },
  registration: { outlivesView: true, public: true },
  enrolment: { outlivesView: false, public: false },
  passkeys: { outlivesView: false, public: false },
  signature: { outlivesView: false, public: false },
};

/** The child's id and systemId: `<kind>:<key>` (e.g. `drive:12`, `userAction:7`). */
export const pageId = (kind: PageKind, key: string): string => `${kind}:${key}`;
