// The effects of every page actor the session owns (machines/session/session.pages.ts), provided once with the app's
// query client where the session actor is made (src/actors/session.ts): views open them and never provide them.
// The staff kinds come from the admin chunk (staff-page-actors.ts, handed over by src/app/AdminRoutes.tsx as it
// loads); until then their slot fails loudly, which only a staff page could reach, and those are in that chunk.
import type { QueryClient } from '@tanstack/react-query';
import type { AnyActorLogic } from 'xstate';
import { provideDriveMachine } from './drive';
import { provideAttendanceMachine, provideRegistrationMachine } from './events';
import { provideEnrolmentMachine, providePasskeysMachine } from './second-factor';
import { provideSignatureMachine } from './signature';
import type { StaffPageActors } from './staff-page-actors';

let staffFactory: ((queryClient: QueryClient) => StaffPageActors) | null = null;

/** Called by the admin chunk as it loads. */
export function provideStaffPageActors(factory: (queryClient: QueryClient) => StaffPageActors): void {
  staffFactory = factory;
}

/**
 * A logic that is the staff kind's provided machine, looked up when an actor of it is made (by then the admin chunk,
 * whose pages open it, has loaded). Every property is the real logic's, so the actor runs that machine itself.
 */
function staffLogic<K extends keyof StaffPageActors>(queryClient: QueryClient, kind: K): StaffPageActors[K] {
  let real: AnyActorLogic | null = null;
  const resolve = (): AnyActorLogic => {
    if (real !== null) return real;
    if (staffFactory === null) throw new Error(`page actors: the admin code providing "${kind}" has not loaded`);
    real = staffFactory(queryClient)[kind];
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
  return new Proxy({}, forward) as StaffPageActors[K];
}

/** One provided machine per page kind, for `sessionMachine.provide({ actors })`. */
export function pageActors(queryClient: QueryClient) {
  return {
    drive: provideDriveMachine(queryClient),
    registration: provideRegistrationMachine(queryClient),
    attendance: provideAttendanceMachine(queryClient),
    enrolment: provideEnrolmentMachine(queryClient),
    passkeys: providePasskeysMachine(queryClient),
    signature: provideSignatureMachine(queryClient),
    adminDrive: staffLogic(queryClient, 'adminDrive'),
    userAction: staffLogic(queryClient, 'userAction'),
    eventAction: staffLogic(queryClient, 'eventAction'),
    newsAction: staffLogic(queryClient, 'newsAction'),
    noteAction: staffLogic(queryClient, 'noteAction'),
    duplicateAction: staffLogic(queryClient, 'duplicateAction'),
    review: staffLogic(queryClient, 'review'),
    bulkReview: staffLogic(queryClient, 'bulkReview'),
  };
}
