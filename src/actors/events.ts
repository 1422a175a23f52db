// The real effects of the registration and attendance machines: the API calls, and the panel's list of events
// refreshed after an attendance changed.
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { attendEvent, cancelAttendance, eventKeys, registerForEvent, type PanelEvent } from '#api/events';
import { attendanceMachine } from '#machines/attendance/attendance.machine';
import type { AttendanceCallInput } from '#machines/attendance/attendance.types';
import { registrationMachine } from '#machines/registration/registration.machine';
import type { SubmitRegistrationInput } from '#machines/registration/registration.types';

export const provideRegistrationMachine = () =>
  registrationMachine.provide({
    actors: {
      submitRegistration: fromPromise<unknown, SubmitRegistrationInput>(({ input }) => registerForEvent(input.eventId, input.body)),
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
