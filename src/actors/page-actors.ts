// The effects of every page actor the session owns (machines/session/session.pages.ts), provided once with the app's
// query client where the session actor is made (src/actors/session.ts): views open them and never provide them.
// Each kind's machine comes with the chunk of the screens that open it, not with the entry
// (docs/decisions/066-boot-closure.md): the module that opens a kind registers it (`providePageActor`), the staff
// kinds' in the admin screens' chunks, so no applicant's browser loads them and an admin screen loads only its own.
// Until then a kind's slot fails loudly, which only that module's screens could reach, and those load with it
// (tests/unit/page-actors-registered.test.ts checks that every opener reaches its kind's registration).
import type { QueryClient } from '@tanstack/react-query';
import type { AnyActorLogic } from 'xstate';
import type { PageKind } from '#machines/session/session.pages';
import type {
  provideDuplicateActionMachine,
  provideEventActionMachine,
  provideNewsActionMachine,
  provideNoteActionMachine,
  provideUserActionMachine,
} from './admin-action';
import type { provideBulkReviewMachine } from './bulk-review';
import type { provideDriveMachine } from './drive';
import type { provideAttendanceMachine, provideRegistrationMachine } from './events';
import type { provideEnrolmentMachine, providePasskeysMachine } from './second-factor-pages';
import type { provideReviewMachine } from './review';
import type { provideSignatureMachine } from './signature';

/** The provided machine of each kind. */
type PageLogics = {
  drive: ReturnType<typeof provideDriveMachine>;
  registration: ReturnType<typeof provideRegistrationMachine>;
  attendance: ReturnType<typeof provideAttendanceMachine>;
  enrolment: ReturnType<typeof provideEnrolmentMachine>;
  passkeys: ReturnType<typeof providePasskeysMachine>;
  signature: ReturnType<typeof provideSignatureMachine>;
  adminDrive: ReturnType<typeof provideDriveMachine>;
  userAction: ReturnType<typeof provideUserActionMachine>;
  eventAction: ReturnType<typeof provideEventActionMachine>;
  newsAction: ReturnType<typeof provideNewsActionMachine>;
  noteAction: ReturnType<typeof provideNoteActionMachine>;
  duplicateAction: ReturnType<typeof provideDuplicateActionMachine>;
  review: ReturnType<typeof provideReviewMachine>;
  bulkReview: ReturnType<typeof provideBulkReviewMachine>;
};

const factories = new Map<PageKind, (queryClient: QueryClient) => AnyActorLogic>();

/** Called at the top of the module that opens `kind`, so the kind's machine loads with the screens that show it. */
export function providePageActor<K extends PageKind>(kind: K, factory: (queryClient: QueryClient) => PageLogics[K]): void {
  factories.set(kind, factory);
}

/**
 * A logic that is the kind's provided machine, looked up when an actor of it is made (by then the chunk whose screens
 * open it has loaded). Every property is the real logic's, so the actor runs that machine itself.
 */
function registeredLogic<K extends PageKind>(queryClient: QueryClient, kind: K): PageLogics[K] {
  let real: AnyActorLogic | null = null;
  const resolve = (): AnyActorLogic => {
    if (real !== null) return real;
    const factory = factories.get(kind);
    if (factory === undefined) throw new Error(`page actors: the code providing "${kind}" has not loaded`);
    real = factory(queryClient);
    return real;
  };
  const forward: ProxyHandler<object> = {
    get: (_, property) => {
      const logic = resolve();
      const value: unknown = Reflect.get(logic, property);
      return typeof value === 'function' ? value.bind(logic) : value;
    },
    has: (_, property) => Reflect.has(resolve(), property),
  };
  return new Proxy({}, forward) as PageLogics[K];
}

/** One provided machine per page kind, for `sessionMachine.provide({ actors })`. */
export function pageActors(queryClient: QueryClient): PageLogics {
  return {
    drive: registeredLogic(queryClient, 'drive'),
    registration: registeredLogic(queryClient, 'registration'),
    attendance: registeredLogic(queryClient, 'attendance'),
    enrolment: registeredLogic(queryClient, 'enrolment'),
    passkeys: registeredLogic(queryClient, 'passkeys'),
    signature: registeredLogic(queryClient, 'signature'),
    adminDrive: registeredLogic(queryClient, 'adminDrive'),
    userAction: registeredLogic(queryClient, 'userAction'),
    eventAction: registeredLogic(queryClient, 'eventAction'),
    newsAction: registeredLogic(queryClient, 'newsAction'),
    noteAction: registeredLogic(queryClient, 'noteAction'),
    duplicateAction: registeredLogic(queryClient, 'duplicateAction'),
    review: registeredLogic(queryClient, 'review'),
    bulkReview: registeredLogic(queryClient, 'bulkReview'),
  };
}
