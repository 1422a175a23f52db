// The one transition table of the review lifecycle (shared/review-lifecycle.ts, docs/decisions/028): its statuses
// and decisions are the contract's enums, every status is reachable from a draft, who may send what, and which
// statuses are final; each status has its words in both languages.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import en from '#locales/en.json';
import es from '#locales/es.json';
import {
  APPLICATION_STATUSES,
  applicantEdits,
  approvalStep,
  changeRequestSteps,
  confirmationRefusal,
  documentsBlocking,
  documentsToReplace,
  dutyConflict,
  eventsFrom,
  isDecided,
  isFinal,
  isUnderReview,
  LIFECYCLE,
  LIFECYCLE_EVENTS,
  mayDeclareConflict,
  mayScore,
  nextStatus,
  programClosesDrafts,
  applicantPhase,
  isStepSubmitted,
  showsResubmission,
  REVIEW_DECISIONS,
  staffReviewActions,
  type ApplicationStatus,
} from '#shared/review-lifecycle';
import { applicationStatus } from '#server/programs/status.ts';

const contract = parse(readFileSync('openapi.yaml', 'utf8')) as { components: { schemas: Record<string, { enum?: string[] }> } };

describe('shared/review-lifecycle.ts', () => {
  it('lists the contract\'s statuses and decisions', () => {
    expect([...APPLICATION_STATUSES].sort()).toEqual([...(contract.components.schemas.ApplicationStatus?.enum ?? [])].sort());
    expect([...REVIEW_DECISIONS].sort()).toEqual([...(contract.components.schemas.ReviewDecision?.enum ?? [])].sort());
  });

  it('reaches every status from a draft', () => {
    const reached = new Set<ApplicationStatus>(['draft']);
    for (let changed = true; changed; ) {
      changed = false;
      for (const status of [...reached]) {
        for (const actor of ['staff', 'applicant'] as const) {
          for (const event of eventsFrom(status, actor)) {
            const to = nextStatus(status, event, actor);
            if (to !== null && !reached.has(to)) {
              reached.add(to);
              changed = true;
            }
          }
        }
      }
    }
    expect([...reached].sort()).toEqual([...APPLICATION_STATUSES].sort());
  });

  it('offers staff on the review screen exactly what the table lets them send', () => {
    const none = { startReview: false, requestChanges: false, decisions: [], close: false, reopen: false };
    expect(staffReviewActions('draft')).toEqual({ ...none, close: true });
    expect(staffReviewActions('submitted')).toEqual({ ...none, startReview: true });
    expect(staffReviewActions('in_review')).toEqual({ ...none, requestChanges: true, decisions: ['approved', 'rejected', 'waitlisted'] });
    expect(staffReviewActions('waitlisted')).toEqual({ ...none, decisions: ['approved', 'rejected'] });
    expect(staffReviewActions('closed')).toEqual({ ...none, reopen: true });
    for (const status of ['changes_requested', 'approved', 'rejected'] as const) expect(staffReviewActions(status), status).toEqual(none);
    for (const status of APPLICATION_STATUSES) {
      const offered = staffReviewActions(status);
      const count = [offered.startReview, offered.requestChanges, offered.close, offered.reopen].filter(Boolean).length + offered.decisions.length;
      expect(count, status).toBe(eventsFrom(status, 'staff').length);
    }
  });

  it('lets the applicant only submit and resubmit, and staff do the review', () => {
    expect(LIFECYCLE_EVENTS.filter((event) => LIFECYCLE[event].by === 'applicant').sort()).toEqual(['resubmit', 'submit']);
    for (const status of APPLICATION_STATUSES) {
      for (const event of LIFECYCLE_EVENTS) {
        const other = LIFECYCLE[event].by === 'staff' ? 'applicant' : 'staff';
        expect(nextStatus(status, event, other), `${other} ${event} from ${status}`).toBeNull();
      }
    }
    // Back to its reviewer, in review (docs/decisions/036-review-rules.md).
    expect(nextStatus('changes_requested', 'resubmit', 'applicant')).toBe('in_review');
    expect(nextStatus('waitlisted', 'approve', 'staff')).toBe('approved');
    expect(nextStatus('waitlisted', 'waitlist', 'staff')).toBeNull();
    expect(nextStatus('submitted', 'approve', 'staff')).toBeNull();
    expect(eventsFrom('in_review', 'staff')).toEqual(['request_changes', 'approve', 'reject', 'waitlist']);
  });

  it('ends at approved and rejected; the applicant edits a draft or a change request only', () => {
    expect(APPLICATION_STATUSES.filter(isFinal)).toEqual(['approved', 'rejected']);
    expect(APPLICATION_STATUSES.filter(isDecided)).toEqual(['approved', 'rejected', 'waitlisted']);
    expect(APPLICATION_STATUSES.filter(applicantEdits)).toEqual(['draft', 'changes_requested']);
    expect(APPLICATION_STATUSES.filter((status) => !isUnderReview(status))).toEqual(['draft', 'closed']);
  });

  it('words every status in es and en, for the applicant and within staff\'s sentences', () => {
    const catalogs: Array<Record<string, string>> = [es, en];
    for (const catalog of catalogs) {
      for (const status of APPLICATION_STATUSES) {
        expect(catalog[`programs.applicationStatus.${status}`], status).toEqual(expect.any(String));
        expect(catalog[`admin.users.applicationStatus.${status}`], status).toEqual(expect.any(String));
      }
    }
  });

  it('keeps staff off their own application and off one they declared a conflict on; scoring needs "no conflict"', () => {
    const facts = { staffId: 7, ownerIds: [3], declaredConflict: null };
    expect(dutyConflict(facts)).toBeNull();
    expect(dutyConflict({ ...facts, ownerIds: [3, 7] })).toBe('own_application');
    expect(dutyConflict({ ...facts, ownerIds: [7], declaredConflict: false })).toBe('own_application');
    expect(dutyConflict({ ...facts, declaredConflict: true })).toBe('conflict_of_interest');
    expect([null, true, false].map((declaredConflict) => mayScore({ ...facts, declaredConflict }))).toEqual([false, false, true]);
    expect(mayScore({ ...facts, ownerIds: [7], declaredConflict: false })).toBe(false);
    expect(APPLICATION_STATUSES.filter(mayDeclareConflict)).toEqual(APPLICATION_STATUSES.filter(isUnderReview));
  });

  it('approves on a verified checklist only; rejects and waitlists on a reason', () => {
    const documents = [
      { kind: 'owner_id', verdict: 'verified' },
      { kind: 'income_document', verdict: null },
      { kind: 'intake_form', verdict: 'rejected' },
    ] as const;
    expect(documentsBlocking('approved', documents)).toEqual([documents[1], documents[2]]);
    expect(documentsBlocking('rejected', documents)).toEqual([]);
    expect(documentsBlocking('waitlisted', documents)).toEqual([]);
    expect(documentsBlocking('approved', [documents[0]])).toEqual([]);
  });

  it('collects the rejected documents\' steps into the change request, and holds a step until its document is replaced', () => {
    const documents = [
      { kind: 'owner_id', verdict: 'rejected' },
      { kind: 'no_income_form', verdict: 'verified' },
      { kind: 'intake_form', verdict: 'rejected' },
    ] as const;
    expect(changeRequestSteps([2, 6], documents)).toEqual([2, 3, 6]);
    expect(changeRequestSteps([1], [])).toEqual([1]);
    expect(documentsToReplace(3, documents)).toEqual([documents[0]]);
    expect(documentsToReplace(4, documents)).toEqual([]);
    expect(documentsToReplace(6, documents)).toEqual([documents[2]]);
  });

  it('asks a second person when the program says so, and never lets the proposer confirm', () => {
    expect(approvalStep({ needsConfirmation: false, proposedBy: null, staffId: 1 })).toBe('approve');
    expect(approvalStep({ needsConfirmation: true, proposedBy: null, staffId: 1 })).toBe('propose');
    expect(approvalStep({ needsConfirmation: true, proposedBy: 1, staffId: 1 })).toBe('propose');
    expect(approvalStep({ needsConfirmation: true, proposedBy: 2, staffId: 1 })).toBe('confirm');
    expect(confirmationRefusal({ proposedBy: null, staffId: 1 })).toBe('review_not_allowed');
    expect(confirmationRefusal({ proposedBy: 1, staffId: 1 })).toBe('proposer_cannot_confirm');
    expect(confirmationRefusal({ proposedBy: 2, staffId: 1 })).toBeNull();
  });
});

describe('what the views ask the table (docs/decisions/063-one-staff-write-path.md)', () => {
  it('a resubmission is shown exactly where the applicant\'s resubmit leads', () => {
    expect(APPLICATION_STATUSES.filter(showsResubmission)).toEqual([nextStatus('changes_requested', 'resubmit', 'applicant')]);
  });

  it('a program closes its drafts exactly when a draft of it reads as closed, to the server and to the applicant', () => {
    for (const program of ['open', 'closed', 'unavailable'] as const) {
      expect(applicationStatus('draft', program) === 'closed').toBe(programClosesDrafts(program));
      if (programClosesDrafts(program)) expect(applicantPhase('draft', program)).toBe('closed');
    }
  });

  it('a step counts as done only once submitted', () => {
    expect(['incomplete', 'submitted', 'other'].map(isStepSubmitted)).toEqual([false, true, false]);
  });
});
