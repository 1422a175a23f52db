// One event card of the panel: attend with one click (the account's data, no captcha), and cancel after a
// confirmation. Outcomes: attended, duplicate (the account's e-mail already registered), unavailable, failed (retry).
import { assign, fromPromise, setup } from 'xstate';
import { serverErrorCode } from '#machines/shared/error-codes.ts';
import { bodyOf } from '#machines/registration/registration.machine.ts';
import type { AttendanceCallInput, AttendanceContext, AttendanceEvent, AttendanceInput, PanelEvent } from './attendance.types.ts';

export const attendanceMachine = setup({
  /* eslint-disable @typescript-eslint/consistent-type-assertions */
  types: {
    context: {} as AttendanceContext,
    events: {} as AttendanceEvent,
    input: {} as AttendanceInput,
    tags: {} as 'busy',
  },
  /* eslint-enable @typescript-eslint/consistent-type-assertions */
  actors: {
    // Slots: src/actors/attendance.ts provides the real calls; tests answer them.
    attendEvent: fromPromise<PanelEvent, AttendanceCallInput>(async () => {
      throw new Error('attendEvent is not provided');
    }),
    cancelAttendance: fromPromise<PanelEvent, AttendanceCallInput>(async () => {
      throw new Error('cancelAttendance is not provided');
    }),
  },
  actions: {
    keepEvent: assign((_, params: { event: PanelEvent }) => ({ event: params.event, error: null })),
    keepError: assign((_, params: { error: unknown }) => ({ error: bodyOf(params.error) ?? null })),
    forgetError: assign({ error: null }),
    operation: assign((_, params: { operation: 'attend' | 'cancel' }) => ({ operation: params.operation })),
    // Named so the SPA can refresh the list of events (a react-query key) after a change; nothing here.
    changed: () => {},
  },
  guards: {
    /** The server said the person attends (named, so the chart says which way the card starts). */
    attends: ({ context }) => context.event.attending,
    duplicate: (_, params: { error: unknown }) => serverErrorCode(bodyOf(params.error)) === 'registration_duplicate',
    unavailable: (_, params: { error: unknown }) => serverErrorCode(bodyOf(params.error)) === 'event_unavailable',
    /** Cancelling something already gone (another tab cancelled it): not attending any more. */
    notFound: (_, params: { error: unknown }) => serverErrorCode(bodyOf(params.error)) === 'not_found',
    retriesAttend: ({ context }) => context.operation === 'attend',
  },
}).createMachine({
  id: 'attendance',
  description: "An applicant's attendance to one event: attend with one click, cancel after confirming.",
  context: ({ input }) => ({ event: input.event, error: null, operation: 'attend' }),
  initial: 'checking',
  states: {
    checking: {
      description: 'Where the card starts: attending or not, as the server said.',
      always: [{ guard: 'attends', target: 'attended' }, { target: 'idle' }],
    },
    idle: {
      description: 'Not attending: one click attends.',
      on: { 'attendance.attend': { target: 'attending', actions: { type: 'operation', params: { operation: 'attend' } } } },
    },
    attending: {
      description: "Registering with the account's name, e-mail and phone.",
      tags: ['busy'],
      invoke: {
        id: 'attendEvent',
        src: 'attendEvent',
        input: ({ context }) => ({ eventId: context.event.id }),
        onDone: { target: 'attended', actions: [{ type: 'keepEvent', params: ({ event }) => ({ event: event.output }) }, 'changed'] },
        onError: [
          { guard: { type: 'duplicate', params: ({ event }) => ({ error: event.error }) }, target: 'duplicate', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
          { guard: { type: 'unavailable', params: ({ event }) => ({ error: event.error }) }, target: 'unavailable', actions: [{ type: 'keepError', params: ({ event }) => ({ error: event.error }) }, 'changed'] },
          { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    attended: {
      description: 'Attending: the confirmation e-mail is on its way; cancelling asks first.',
      on: { 'attendance.cancel': 'confirming' },
    },
    confirming: {
      description: 'The confirmation dialog: cancel the attendance, or keep it.',
      on: {
        'attendance.confirm': { target: 'cancelling', actions: { type: 'operation', params: { operation: 'cancel' } } },
        'attendance.keep': 'attended',
      },
    },
    cancelling: {
      description: 'Removing the attendance.',
      tags: ['busy'],
      invoke: {
        id: 'cancelAttendance',
        src: 'cancelAttendance',
        input: ({ context }) => ({ eventId: context.event.id }),
        onDone: { target: 'idle', actions: [{ type: 'keepEvent', params: ({ event }) => ({ event: event.output }) }, 'changed'] },
        onError: [
          { guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) }, target: 'idle', actions: ['forgetError', 'changed'] },
          { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    duplicate: {
      description: "'A registration already has been submitted with this email.' (the account's e-mail registered on the public form).",
      on: { 'attendance.dismiss': { target: 'idle', actions: 'forgetError' } },
    },
    unavailable: { description: "'Event unavailable': it closed, filled up or passed meanwhile." },
    failed: {
      description: 'No verdict (network, busy or failing server): the same change can be tried again.',
      on: {
        'attendance.retry': [{ guard: 'retriesAttend', target: 'attending' }, { target: 'cancelling' }],
        'attendance.dismiss': [{ guard: 'retriesAttend', target: 'idle', actions: 'forgetError' }, { target: 'attended', actions: 'forgetError' }],
      },
    },
  },
});

export type AttendanceMachine = typeof attendanceMachine;
