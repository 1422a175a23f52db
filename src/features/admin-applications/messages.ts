// The message descriptors the applications screens choose among at run time (a sort, a column, a review page, an
// active-content kind, an outcome), declared statically so tests/unit/locales.test.ts can check each id in both catalogs.
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { ADMIN_APPLICATION_SORT_VALUES } from '#shared/contract-enums';
import { inOwnOrder } from '#shared/contract-order';
import type { AdminApplicationSort } from './api/applications';

export const messages = defineMessages({
  searchLabel: { id: 'admin.applications.searchLabel' },
  filterAll: { id: 'admin.applications.filterAll' },
  csvName: { id: 'admin.applications.csvName' },
  pages: { id: 'admin.applications.pages' },
  columnApplicant: { id: 'admin.applications.column.applicant' },
  columnBusiness: { id: 'admin.applications.column.business' },
  columnProgram: { id: 'admin.applications.column.program' },
  columnStatus: { id: 'admin.applications.column.status' },
  columnSteps: { id: 'admin.applications.column.steps' },
  columnUpdated: { id: 'admin.applications.column.updated_at' },
  columnSubmitted: { id: 'admin.applications.column.submitted_at' },
  columnScore: { id: 'admin.applications.column.score' },
  columnReviewer: { id: 'admin.applications.column.reviewer' },
  columnDays: { id: 'admin.applications.column.days' },
  queues: { id: 'admin.applications.queues' },
  tryAgainLater: { id: 'auth.error.tryAgainLater' },
  actionNetwork: { id: 'admin.users.actionNetwork' },
  notFound: { id: 'admin.review.notFound' },
  reviewTitle: { id: 'admin.review.title' },
  stepsNav: { id: 'admin.review.stepsNav' },
  email: { id: 'admin.users.column.email' },
  phone: { id: 'admin.users.phone' },
  language: { id: 'admin.users.column.language' },
  languageEs: { id: 'admin.users.language.es' },
  languageEn: { id: 'admin.users.language.en' },
  accountStatus: { id: 'admin.users.status' },
  active: { id: 'admin.users.active' },
  inactive: { id: 'admin.users.inactive' },
  yes: { id: 'application.answers.yes' },
  no: { id: 'application.answers.no' },
  printLanguage: { id: 'admin.print.language' },
});

/** The list's order: the default (newest change) first. */
export const SORTS: readonly AdminApplicationSort[] = inOwnOrder(ADMIN_APPLICATION_SORT_VALUES, ['-updated', 'updated', '-created', 'created', '-submitted', 'submitted', '-score', 'score', 'status_since', '-status_since']);

export const sortNames: Record<AdminApplicationSort, MessageDescriptor> = defineMessages({
  '-updated': { id: 'admin.applications.sort.desc_updated' },
  updated: { id: 'admin.applications.sort.updated' },
  '-created': { id: 'admin.applications.sort.desc_created' },
  created: { id: 'admin.applications.sort.created' },
  '-submitted': { id: 'admin.applications.sort.desc_submitted' },
  submitted: { id: 'admin.applications.sort.submitted' },
  '-score': { id: 'admin.applications.sort.desc_score' },
  score: { id: 'admin.applications.sort.score' },
  status_since: { id: 'admin.applications.sort.status_since' },
  '-status_since': { id: 'admin.applications.sort.desc_status_since' },
});

/** The four review pages (docs/product.md section 2): the fourth shows the step-six content. */
export const REVIEW_PAGES = [1, 2, 3, 4] as const;
export type ReviewPage = (typeof REVIEW_PAGES)[number];

export const reviewPageNames: Record<ReviewPage, MessageDescriptor> = defineMessages({
  1: { id: 'admin.review.page1' },
  2: { id: 'admin.review.page2' },
  3: { id: 'admin.review.page3' },
  4: { id: 'admin.review.page4' },
});

export type ActiveContent = 'javascript' | 'embedded_file' | 'launch' | 'rich_media';

export const activeContentNames: Record<ActiveContent, MessageDescriptor> = defineMessages({
  javascript: { id: 'admin.review.activeContent.javascript' },
  embedded_file: { id: 'admin.review.activeContent.embedded_file' },
  launch: { id: 'admin.review.activeContent.launch' },
  rich_media: { id: 'admin.review.activeContent.rich_media' },
});

/** Staff's queues (docs/decisions/040-staff-queues-and-history.md): every application, their own, nobody's. */
export const QUEUES = ['all', 'mine', 'unassigned'] as const;
export const queueNames: Record<(typeof QUEUES)[number], MessageDescriptor> = defineMessages({
  all: { id: 'admin.applications.queue.all' },
  mine: { id: 'admin.applications.queue.mine' },
  unassigned: { id: 'admin.applications.queue.unassigned' },
});

/** Why a staff member may not act on an application (machines/review selectDutyReason), as the review screen says it. */
export const dutyMessages = defineMessages({
  own_application: { id: 'api.duty.ownApplication' },
  linked_duplicate: { id: 'admin.review.linkedDuplicate' },
  conflict_of_interest: { id: 'api.duty.conflictOfInterest' },
});

/** Why my scoring sheet is not offered, besides a duty reason (machines/review selectScoring). */
export const scoringNotOffered = defineMessages({
  decided: { id: 'admin.scoring.closed' },
  not_sent: { id: 'admin.scoring.notSent' },
  declare_first: { id: 'api.duty.declareFirst' },
});
