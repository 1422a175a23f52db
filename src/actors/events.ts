// The real effects of the registration and attendance machines: the API calls, and the panel's list of events
// refreshed after an attendance changed.
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { attendEvent, cancelAttendance, eventKeys, registerForEvent, type EventInfo, type PanelEvent } from '#api/events';
import { attendanceMachine } from '#machines/attendance/attendance.machine';
import type { AttendanceCallInput } from '#machines/attendance/attendance.types';
import { registrationMachine } from '#machines/registration/registration.machine';
import type { SubmitRegistrationInput } from '#machines/registration/registration.types';

export const provideRegistrationMachine = (queryClient: QueryClient) =>
  registrationMachine.provide({
    actors: {
      submitRegistration: fromPromise<unknown, SubmitRegistrationInput>(({ input }) => registerForEvent(input.eventId, input.body)),
    },
    actions: {
      // The page's "N spots left" counts this registration at once. The cached event changes only by its count: read
      // again, a full event would say it is unavailable and take the success message off the screen with the form.
      registeredFor: (_, eventId) => {
        for (const key of [eventKeys.one(eventId), eventKeys.interest()]) {
          queryClient.setQueryData(key, (event: EventInfo | undefined) =>
            event?.id === eventId && event.spots_left !== null ? { ...event, spots_left: Math.max(0, event.spots_left - 1) } : event,
          );
        }
        void queryClient.invalidateQueries({ queryKey: ['events', 'panel'] });
      },
    },
  });

export const provideAttendanceMachine = (queryClient: QueryClient) =>
  attendanceMachine.provide({
    actors: {
      attendEvent: fromPromise<PanelEvent, AttendanceCallInput>(({ input }) => attendEvent(input.eventId)),
      cancelAttendance: fromPromise<PanelEvent, AttendanceCallInput>(({ input }) => cancelAttendance(input.eventId)),
    },
    actions: {
      changed: () => void queryClient.invalidateQueries({ queryKey: eventKeys.all }),
    },
  });
