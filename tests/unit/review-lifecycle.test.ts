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
  eventsFrom,
  isDecided,
  isFinal,
  isUnderReview,
  LIFECYCLE,
  LIFECYCLE_EVENTS,
  nextStatus,
  REVIEW_DECISIONS,
  staffReviewActions,
  type ApplicationStatus,
} from '#shared/review-lifecycle';

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
    expect(nextStatus('changes_requested', 'resubmit', 'applicant')).toBe('submitted');
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
});
