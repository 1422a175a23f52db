// When an application has an applicant's copy (docs/decisions/048-the-applicants-copy.md): once it was sent, while it
// is staff's. A draft has none, nor an application open again for changes (what it holds is not what was sent). The
// server answers 409 otherwise (server/applications/applicant-copy.ts); the screens offer the download only then.
import { applicantEdits, type ApplicationStatus } from './review-lifecycle.ts';

export const hasApplicantCopy = (status: ApplicationStatus, submittedAt: Date | string | null): boolean =>
  submittedAt !== null && !applicantEdits(status);
