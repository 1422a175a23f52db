// The message descriptors the Users screens choose among at run time (a sort, a column, a yes/no, an outcome), declared
// statically so tests/unit/locales.test.ts can check each id in both catalogs.
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { components } from '#api/schema';

type Schemas = components['schemas'];

export const messages = defineMessages({
  yes: { id: 'admin.common.yes' },
  no: { id: 'admin.common.no' },
  active: { id: 'admin.users.active' },
  inactive: { id: 'admin.users.inactive' },
  languageEs: { id: 'admin.users.language.es' },
  languageEn: { id: 'admin.users.language.en' },
  columnName: { id: 'admin.users.column.name' },
  columnEmail: { id: 'admin.users.column.email' },
  columnLanguage: { id: 'admin.users.column.language' },
  columnStaff: { id: 'admin.users.column.is_staff' },
  columnActive: { id: 'admin.users.column.is_active' },
  columnCreated: { id: 'admin.users.column.created_at' },
  phone: { id: 'admin.users.phone' },
  status: { id: 'admin.users.status' },
  notFound: { id: 'admin.users.notFound' },
  detailTitle: { id: 'admin.users.detailTitle' },
  tryAgainLater: { id: 'auth.error.tryAgainLater' },
  actionNetwork: { id: 'admin.users.actionNetwork' },
  searchLabel: { id: 'admin.users.searchLabel' },
  filterAll: { id: 'admin.users.filterAll' },
  staffOnly: { id: 'admin.users.staffOnly' },
  applicantsOnly: { id: 'admin.users.applicantsOnly' },
  activeOnly: { id: 'admin.users.activeOnly' },
  inactiveOnly: { id: 'admin.users.inactiveOnly' },
  csvName: { id: 'admin.users.csvName' },
  pages: { id: 'admin.users.pages' },
  sortName: { id: 'admin.users.sort.name' },
  sortNameDesc: { id: 'admin.users.sort.desc_name' },
  sortEmail: { id: 'admin.users.sort.email' },
  sortEmailDesc: { id: 'admin.users.sort.desc_email' },
  sortCreated: { id: 'admin.users.sort.created' },
  sortCreatedDesc: { id: 'admin.users.sort.desc_created' },
  auditStaffGranted: { id: 'admin.users.audit.staffGranted' },
  auditStaffRemoved: { id: 'admin.users.audit.staffRemoved' },
  auditDeactivated: { id: 'admin.users.audit.deactivated' },
  auditReactivated: { id: 'admin.users.audit.reactivated' },
  auditResetSent: { id: 'admin.users.audit.resetSent' },
  confirmDeactivateTitle: { id: 'admin.users.confirm.deactivateTitle' },
  confirmDeactivateBody: { id: 'admin.users.confirm.deactivateBody' },
  confirmGrantStaffTitle: { id: 'admin.users.confirm.grantStaffTitle' },
  confirmGrantStaffBody: { id: 'admin.users.confirm.grantStaffBody' },
  confirmRemoveStaffTitle: { id: 'admin.users.confirm.removeStaffTitle' },
  confirmRemoveStaffBody: { id: 'admin.users.confirm.removeStaffBody' },
  deactivate: { id: 'admin.users.deactivate' },
  grantStaff: { id: 'admin.users.grantStaff' },
  removeStaff: { id: 'admin.users.removeStaff' },
  registrationAttended: { id: 'admin.users.registration.attended' },
  registrationNotAttended: { id: 'admin.users.registration.notAttended' },
});

export const yesNo = (value: boolean) => (value ? messages.yes : messages.no);
export const activeOrNot = (value: boolean) => (value ? messages.active : messages.inactive);

/** An application's status within a sentence (lower case), as the CSV exports word it too. */
export const applicationStatusWords: Record<Schemas['ApplicationStatus'], MessageDescriptor> = defineMessages({
  draft: { id: 'admin.users.applicationStatus.draft' },
  submitted: { id: 'admin.users.applicationStatus.submitted' },
  in_review: { id: 'admin.users.applicationStatus.in_review' },
  changes_requested: { id: 'admin.users.applicationStatus.changes_requested' },
  approved: { id: 'admin.users.applicationStatus.approved' },
  rejected: { id: 'admin.users.applicationStatus.rejected' },
  waitlisted: { id: 'admin.users.applicationStatus.waitlisted' },
  closed: { id: 'admin.users.applicationStatus.closed' },
});
