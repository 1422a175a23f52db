// The message descriptors the events screens choose among at run time (a kind, a status, a sort, a field label),
// declared statically so tests/unit/locales.test.ts can check each id in both catalogs.
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { components } from '#api/schema';
import { ADMIN_EVENT_SORT_VALUES } from '#shared/contract-enums';
import type { AdminEventSort } from './api/events';

type EventKind = components['schemas']['EventKind'];

export const messages = defineMessages({
  kindEvent: { id: 'admin.events.kind.event' },
  kindInterest: { id: 'admin.events.kind.interest' },
  statusOpen: { id: 'admin.events.status.open' },
  statusClosed: { id: 'admin.events.status.closed' },
  filterAll: { id: 'admin.events.filterAll' },
  searchLabel: { id: 'admin.events.searchLabel' },
  pages: { id: 'admin.events.pages' },
  columnTitle: { id: 'admin.events.column.title' },
  columnKind: { id: 'admin.events.column.kind' },
  columnStarts: { id: 'admin.events.column.starts' },
  columnStatus: { id: 'admin.events.column.status' },
  columnRegistrations: { id: 'admin.events.column.registrations' },
  columnName: { id: 'admin.events.column.name' },
  columnEmail: { id: 'admin.events.column.email' },
  columnPhone: { id: 'admin.events.column.phone' },
  columnHowHeard: { id: 'admin.events.column.how_heard' },
  columnCreated: { id: 'admin.events.column.created_at' },
  columnAttended: { id: 'admin.events.column.attended' },
  sortStartsDesc: { id: 'admin.events.sort.desc_starts' },
  sortStarts: { id: 'admin.events.sort.starts' },
  sortCreatedDesc: { id: 'admin.events.sort.desc_created' },
  sortCreated: { id: 'admin.events.sort.created' },
  formKind: { id: 'admin.events.form.kind' },
  formTitleEs: { id: 'admin.events.form.titleEs' },
  formTitleEn: { id: 'admin.events.form.titleEn' },
  formDescriptionEs: { id: 'admin.events.form.descriptionEs' },
  formDescriptionEn: { id: 'admin.events.form.descriptionEn' },
  formStartsAt: { id: 'admin.events.form.startsAt' },
  formEndsAt: { id: 'admin.events.form.endsAt' },
  formPlace: { id: 'admin.events.form.place' },
  formLink: { id: 'admin.events.form.link' },
  formCapacity: { id: 'admin.events.form.capacity' },
  formStatus: { id: 'admin.events.form.status' },
  capacityNumber: { id: 'admin.events.form.capacityNumber' },
  actionFailed: { id: 'admin.events.actionFailed' },
  tryAgainLater: { id: 'auth.error.tryAgainLater' },
  registrationsSearchLabel: { id: 'admin.events.registrations.searchLabel' },
  attendedOnly: { id: 'admin.events.registrations.attendedOnly' },
  notAttended: { id: 'admin.events.registrations.notAttended' },
  csvName: { id: 'admin.events.csvName' },
  listCsvName: { id: 'admin.events.listCsvName' },
  checkIn: { id: 'admin.events.registrations.checkIn' },
  noLimit: { id: 'admin.events.noLimit' },
  notFound: { id: 'admin.events.notFound' },
  submissionTitle: { id: 'admin.submission.title' },
  yes: { id: 'admin.common.yes' },
  no: { id: 'admin.common.no' },
});

export const SORTS: readonly AdminEventSort[] = ADMIN_EVENT_SORT_VALUES;
export const SORT_LABELS: Record<AdminEventSort, MessageDescriptor> = {
  '-starts': messages.sortStartsDesc,
  starts: messages.sortStarts,
  '-created': messages.sortCreatedDesc,
  created: messages.sortCreated,
};
export const kindLabel = (kind: EventKind) => (kind === 'interest' ? messages.kindInterest : messages.kindEvent);
export const statusLabel = (status: 'open' | 'closed') => (status === 'open' ? messages.statusOpen : messages.statusClosed);

const howHeard = defineMessages({
  search_engine: { id: 'events.howHeard.search_engine' },
  recommendation: { id: 'events.howHeard.recommendation' },
  social: { id: 'events.howHeard.social' },
  meet_and_greet: { id: 'events.howHeard.meet_and_greet' },
  other: { id: 'events.howHeard.other' },
});
export const howHeardLabel = (value: keyof typeof howHeard) => howHeard[value];
